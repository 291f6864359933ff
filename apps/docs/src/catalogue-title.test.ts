import { describe, expect, it } from 'vitest';
import { parseCatalogueTitle } from './catalogue-title';

describe('parseCatalogueTitle', () => {
  it('shows the placeholders of a parameterised title as …', () => {
    expect(parseCatalogueTitle('row 148: refuses %s, an IPv6 form (%s)')?.summary).toBe(
      'refuses …, an IPv6 form (…)',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the title of a vitest `it.each` case, as written
    expect(parseCatalogueTitle('row 145: kept for its job (${kind}) and $name.x')?.summary).toBe(
      'kept for its job (…) and …',
    );
  });

  it('keeps a title without placeholders as written, dollars in prose too', () => {
    expect(parseCatalogueTitle('row 9: costs $1 -> refused')).toEqual({
      rows: [9],
      summary: 'costs $1 -> refused',
    });
  });
});
