import type { ReplayReport } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** What a replay from the dashboard did, or the problems that stopped it. */
export function replayResultPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly report?: ReplayReport;
  readonly problems?: readonly string[];
}): SafeHtml {
  const { report } = options;
  const body = report
    ? html`<p>${report.dryRun ? 'Dry run: nothing was changed. ' : ''}Matched ${report.matched}, ${report.dryRun ? `would replay ${report.planned.length}` : `replayed ${report.replayed}`}, skipped ${report.skipped.length}, failed ${report.failed.length}.</p>
${
  report.dryRun
    ? html`<h2>Would replay</h2><table><thead><tr><th>DLQ id</th><th>New job</th><th>Workflow</th><th>Redrive</th></tr></thead><tbody>${report.planned.map(
        (plan) =>
          html`<tr><td><a href="/dlq/${encodeURIComponent(plan.dlqId)}"><code>${plan.dlqId}</code></a></td><td><code>${plan.newJobId}</code></td><td>${plan.workflow}@v${plan.version ?? 'latest'}</td><td>${plan.redriveCount}</td></tr>`,
      )}</tbody></table>`
    : html`<h2>Replayed</h2><table><thead><tr><th>DLQ id</th><th>New job</th></tr></thead><tbody>${report.jobs.map(
        (job) =>
          html`<tr><td><a href="/dlq/${encodeURIComponent(job.dlqId)}"><code>${job.dlqId}</code></a></td><td><code>${job.newJobId}</code></td></tr>`,
      )}</tbody></table>`
}
${report.skipped.length ? html`<h2>Skipped</h2><table><tbody>${report.skipped.map((skip) => html`<tr><td><code>${skip.dlqId}</code></td><td>${skip.why}</td></tr>`)}</tbody></table>` : ''}
${report.failed.length ? html`<h2 class="error">Failed</h2><table><tbody>${report.failed.map((fail) => html`<tr><td><code>${fail.dlqId}</code></td><td class="error">${fail.error}</td></tr>`)}</tbody></table>` : ''}`
    : html`<ul class="error" role="alert">${(options.problems ?? []).map((problem) => html`<li>${problem}</li>`)}</ul>`;
  return layout({
    title: report?.dryRun ? 'Replay (dry run)' : 'Replay',
    principal: options.principal,
    csrf: options.csrf,
    body: html`${body}<p><a href="/dlq">Back to the dead letters</a></p>`,
  });
}
