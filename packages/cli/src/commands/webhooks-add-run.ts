import { WebhookEventType, WebhookInputError } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { exitCodes } from '../exit-codes';
import type { WebhooksAddFlags } from './webhooks-add-command';
import { withWebhooks } from './with-webhooks';

/** Refuses an unparsable URL or an unknown event before anything is looked up. */
function checkForm(flags: z.output<typeof WebhooksAddFlags>): void {
  const [url] = flags.args;
  if (!URL.canParse(url)) {
    throw new WebhookInputError({
      problem: 'url',
      message: 'the URL cannot be parsed (give an absolute https URL)',
    });
  }
  for (const event of flags.events) {
    if (!WebhookEventType.safeParse(event).success) {
      throw new WebhookInputError({
        problem: 'events',
        message: `unknown event ${JSON.stringify(event.slice(0, 64))} (known: ${WebhookEventType.options.join(', ')})`,
      });
    }
  }
}

/** Runs `quarry webhooks add`: checks the URL, events and workflow, and where the URL goes, then stores the subscription. */
export async function webhooksAdd(
  flags: z.output<typeof WebhooksAddFlags>,
  context: CliContext,
): Promise<number> {
  const [url] = flags.args;
  checkForm(flags);
  const { registry } = await cliWorkflowCatalog(context);
  if (!registry.list().some((workflow) => workflow.name === flags.workflow)) {
    throw new WebhookInputError({
      problem: 'workflow',
      message: `unknown workflow ${JSON.stringify(flags.workflow.slice(0, 128))} (quarry workflows list names them)`,
    });
  }
  const { subscription, secret } = await withWebhooks(context, 'webhooks add', async ({ store, config }) => {
    const { checkWebhookTarget } = await import('@quarry/worker');
    const refusal = await checkWebhookTarget({
      url,
      egress: config.webhooks,
      timeoutMs: config.webhooks.timeoutMs,
    });
    if (refusal !== null) throw new WebhookInputError({ problem: 'url', message: refusal });
    return store.add({ url, workflow: flags.workflow, events: flags.events, tenant: flags.tenant });
  });
  if (flags.json) context.stdout(`${JSON.stringify({ subscription, secret })}\n`);
  else {
    context.stdout(`${subscription.id}\nsecret ${secret}\n`);
    context.stderr(
      `subscribed ${subscription.url} to ${subscription.events.join(', ')} of ${subscription.workflow}; the secret is shown only now\n`,
    );
  }
  return exitCodes.ok;
}
