import type { WebhookDeliveryOutcome, WebhookSubscription } from '@quarry/queue';
import { ageLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** The Webhooks page: each subscription (never its secret) with its latest deliveries. */
export function webhooksPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly subscriptions: readonly {
    readonly subscription: WebhookSubscription;
    readonly deliveries: readonly WebhookDeliveryOutcome[];
  }[];
  readonly now: number;
}): SafeHtml {
  const { now } = options;
  const sections = options.subscriptions.map(({ subscription, deliveries }) => {
    const rows = deliveries.map(
      (delivery) => html`<tr>
  <td title="${delivery.at}">${ageLabel(delivery.at, now)} ago</td>
  <td>${delivery.event}</td>
  <td><code>${delivery.eventId}</code></td>
  <td><span class="reason">${delivery.status}${delivery.final ? ' (final)' : ''}</span></td>
  <td>${delivery.httpStatus === null ? '-' : delivery.httpStatus}</td>
  <td>${delivery.attempts}</td>
  <td>${delivery.detail ?? ''}</td>
</tr>`,
    );
    return html`<h2><code>${subscription.id}</code> · ${subscription.workflow}</h2>
<p>${subscription.url} · ${subscription.events.join(', ')}${subscription.tenant === null ? '' : html` · tenant ${subscription.tenant}`} · since ${subscription.createdAt}</p>
<table>
<thead><tr><th>When</th><th>Event</th><th>Event id</th><th>Status</th><th>HTTP</th><th>Tries</th><th>Detail</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
  });
  return layout({
    title: 'Webhooks',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${options.subscriptions.length} webhook subscription(s), each with its latest deliveries, newest first. Add and remove them with <code>quarry webhooks</code>.</p>
${sections}`,
  });
}
