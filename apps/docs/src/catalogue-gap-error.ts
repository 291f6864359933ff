/** Catalogue rows that no test title carries and the allow-list does not excuse. */
export class CatalogueGapError extends Error {
  override readonly name = 'CatalogueGapError';
  readonly missing: readonly number[];

  constructor(options: { readonly missing: readonly number[]; readonly allowList: string }) {
    super(
      `catalogue rows without a test titled "row N: …": ${options.missing.join(', ')}; title a proving test ` +
        `with the row id, or list the row in ${options.allowList} with the reason it has no test`,
    );
    this.missing = options.missing;
  }
}
