import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';

/** What the job, review and DLQ pages show in place of documents to someone who may not see them. */
export function documentsHiddenNote(principal: Principal): SafeHtml {
  return html`<p class="muted documents-hidden">Documents are hidden for the ${principal.role} role: the document, its page text, the quotes taken from it and the original are shown to admins and reviewers only.</p>`;
}
