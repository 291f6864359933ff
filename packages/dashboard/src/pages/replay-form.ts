import { html, type SafeHtml } from '../html';

/** Selector fields a replay form carries, as text (the same names the CLI uses). */
export type SelectorFields = Readonly<Record<string, string | undefined>>;

/** A replay form (admins only): the selection as hidden fields, overrides, force and dry run. */
export function replayForm(options: {
  readonly selection: SelectorFields;
  readonly csrf: string;
  readonly label: string;
  /** Show the override fields (the detail and list pages do; per-row buttons do not). */
  readonly overrides?: boolean;
}): SafeHtml {
  const hidden = Object.entries(options.selection)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value ?? ''}">`);
  return html`<form method="post" action="/replay" class="${options.overrides ? 'replay' : 'inline'}">
  <input type="hidden" name="_csrf" value="${options.csrf}">${hidden}
  ${
    options.overrides
      ? html`<label>To version <input name="toVersion" placeholder="latest or N" size="8"></label>
  <label>Model <input name="model" placeholder="keep" size="18"></label>
  <label>Max model calls <input name="maxAttempts" inputmode="numeric" size="4"></label>
  <label><span><input type="checkbox" name="force" value="1"> force (quarantined too)</span></label>
  <label><span><input type="checkbox" name="dryRun" value="1"> dry run</span></label>`
      : ''
  }
  <button type="submit">${options.label}</button>
</form>`;
}
