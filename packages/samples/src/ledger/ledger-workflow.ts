import { defineWorkflow, type SplitSetting } from '@quarry/core';
import { textInput } from '@quarry/workflows';
import { LedgerStatement } from './ledger-statement';

/** Longest statement text the ledger workflow accepts (2,000 pages of 40 rows fit). */
export const LEDGER_MAX_TEXT_LENGTH = 5_000_000;

/**
 * How the outputs of a statement's page windows merge: rows are the same row when their
 * description and amount agree (pages that windows share give each of their rows twice). For the
 * workflow's `split` setting.
 */
export const ledgerSplit: SplitSetting = { arrayKeys: { rows: ['description', 'amount'] } };

/**
 * The `ledger` workflow: a long statement (`longTableDocument`) as text or as a PDF, its header,
 * every row of its table and its closing balance. Made for split extraction, where each page
 * window of the statement is extracted on its own and the windows' outputs merged ({@link ledgerSplit}).
 */
export const ledgerWorkflow = defineWorkflow({
  name: 'ledger',
  version: 1,
  description: 'Bank statement: account header, every transaction row, closing balance',
  input: textInput({ maxLength: LEDGER_MAX_TEXT_LENGTH }),
  output: LedgerStatement,
  rules: [],
  split: ledgerSplit,
  instructions: [
    'Extract the bank statement.',
    'accountHolder, accountNumber and period exactly as the header prints them.',
    'rows: every transaction row of the table, in the order printed, with its date (YYYY-MM-DD), its',
    'description exactly as printed and its amount as a number (negative when printed with a minus sign).',
    'closingBalance: the closing balance printed at the end of the statement, or null when the pages',
    'given do not show it.',
  ].join('\n'),
});
