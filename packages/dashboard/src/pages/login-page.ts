import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** The login form; `next` is where to go afterwards, `error` what went wrong last time. */
export function loginPage(options: { readonly next: string; readonly error?: string }): SafeHtml {
  return layout({
    title: 'Log in',
    principal: null,
    csrf: null,
    body: html`${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
<form method="post" action="/login" class="login">
  <input type="hidden" name="next" value="${options.next}">
  <label>User <input name="username" autocomplete="username" required autofocus></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Log in</button>
</form>`,
  });
}
