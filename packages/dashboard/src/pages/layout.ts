import type { Principal } from '../auth/authenticator';
import { BOARD_PATH } from '../bull-boards';
import { html, type SafeHtml } from '../html';

/** What every page shows around its body. */
export interface LayoutOptions {
  readonly title: string;
  readonly principal: Principal | null;
  /** CSRF token for the logout form. */
  readonly csrf: string | null;
  readonly body: SafeHtml;
}

/** The page frame: navigation, who is logged in, a logout button. */
export function layout(options: LayoutOptions): SafeHtml {
  const { principal } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title} · Quarry</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/quarry.css">
</head>
<body>
<header>
  <strong>Quarry triage</strong>
  ${
    principal
      ? html`<nav><a href="/">Overview</a><a href="/dlq">Dead letters</a><a href="/fingerprints">Fingerprints</a><a href="/review">Review</a><a href="/batches">Batches</a><a href="/tenants">Tenants</a><a href="/webhooks">Webhooks</a><a href="/evals">Evals</a><a href="${BOARD_PATH}">Queues</a></nav>
  <span class="who">${principal.name} (${principal.role})${
    principal.via === 'session'
      ? html` <form method="post" action="/logout" class="inline"><input type="hidden" name="_csrf" value="${options.csrf ?? ''}"><button>Log out</button></form>`
      : ''
  }</span>`
      : ''
  }
</header>
<main>
<h1>${options.title}</h1>
${options.body}
</main>
</body>
</html>`;
}
