import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** A page saying why a request could not be served (Redis down, a form too large, no such page). */
export function problemPage(options: { readonly title: string; readonly message: string }): SafeHtml {
  return layout({
    title: options.title,
    principal: null,
    csrf: null,
    body: html`<p class="error" role="alert">${options.message}</p>
<p><a href="/dlq">Back to the dead letters</a></p>`,
  });
}
