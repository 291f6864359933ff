import type { ReviewEntry } from '@quarry/queue';
import { workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** Why the last Correct was refused: one sentence and each schema problem (`path: message`). */
export interface CorrectProblem {
  readonly message: string;
  readonly problems: readonly string[];
}

/**
 * The Correct form of one job waiting for review: its extracted output as JSON in a text area to
 * edit (no script: the CSP allows none inline), posted with the admin's CSRF token. After a refused
 * Correct it shows every problem and keeps the text as the user typed it.
 */
export function reviewCorrectPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly jobId: string;
  /** The review entry; null when the job no longer waits (after a refused Correct). */
  readonly entry: ReviewEntry | null;
  /** The text to edit: the extracted output's pretty JSON, or what the user posted. */
  readonly text: string;
  readonly problem?: CorrectProblem | null;
}): SafeHtml {
  const { jobId, entry, problem } = options;
  const action = `/review/${encodeURIComponent(jobId)}/correct`;
  return layout({
    title: `Correct job ${jobId}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`${problem ? html`<div class="error" role="alert"><p>${problem.message}</p>${problem.problems.length > 0 ? html`<ul>${problem.problems.map((line) => html`<li><code>${line}</code></li>`)}</ul>` : ''}</div>` : ''}
${
  entry
    ? html`<dl class="facts">
  <dt>Job</dt><dd><a href="/jobs/${encodeURIComponent(jobId)}"><code>${jobId}</code></a></dd>
  <dt>Workflow</dt><dd>${workflowLabel(entry.workflow, entry.version)}</dd>
  <dt>Reasons</dt><dd>${entry.reasons.join('; ')}</dd>
</dl>`
    : ''
}
<p>Edit the extracted values into the correct output. It is checked against the workflow version's output schema, stored as this job's item of the labelled set <code>reviewed-${entry?.workflow ?? '<workflow>'}</code>, and the job leaves the review list. Each corrected field is recorded in the workflow's error history.</p>
<form method="post" action="${action}" class="correct"><input type="hidden" name="_csrf" value="${options.csrf}">
<label for="output">Correct output (JSON)</label>
<textarea id="output" name="output" spellcheck="false" autocomplete="off">
${options.text}</textarea>
<p><button type="submit">Store correction</button> <a href="/review">Back to the review list</a></p>
</form>`,
  });
}
