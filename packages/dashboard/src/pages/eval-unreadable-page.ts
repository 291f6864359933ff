import type { EvalRunListing } from '@quarry/queue';
import { workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** A stored run whose JSON or report is unreadable: what its listing says (when readable) and why. */
export function evalUnreadablePage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly runId: string;
  readonly listing: EvalRunListing | null;
  readonly problems: readonly string[];
}): SafeHtml {
  const { listing } = options;
  return layout({
    title: `Evaluation run ${options.runId}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p class="error" role="alert">The stored run <code>${options.runId}</code> is unreadable: ${listing ? 'its report is not an evaluation report this dashboard reads' : 'its stored JSON is not a stored run'}.</p>
<ul>${options.problems.map((problem) => html`<li>${problem}</li>`)}</ul>
${listing ? html`<p class="muted">Its listing: set <code>${listing.set}</code>, ${workflowLabel(listing.workflow, listing.version)}, ${listing.items} item(s), stored at ${listing.storedAt}.</p>` : ''}
<p><a href="/evals">All runs</a></p>`,
  });
}
