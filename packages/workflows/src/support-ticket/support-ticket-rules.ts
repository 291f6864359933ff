import type { Rule } from '@quarry/core';
import type { TextInput } from '../text-input';
import type { SupportTicket } from './support-ticket';

/** Words that say nothing about what is wrong: urgency, politeness, vague nouns and function words. */
const GENERIC_WORDS = new Set(
  `urgent urgently urgency asap emergency critical critically important immediate immediately quick quickly
  soon now today priority high top escalate escalated escalation attention
  help helps helped helping assistance assist support needed need needs needing require required requires
  please pls plz kindly thanks thank hi hello re fw fwd
  issue issues problem problems trouble troubles matter concern concerns question questions request requests
  query inquiry ticket case situation customer customers client clients user users someone somebody
  something anything everything nothing thing things stuff fix fixed fixing resolve resolved look looking
  a an the and or but of to in on at for with from by about as is are was were be been being has have had
  do does did not no this that these those it its my our your their we i me us they he she you very really
  get got can could would should will there here all any some`.split(/\s+/),
);

/** A summary must have at least this many words… */
export const MIN_URGENT_SUMMARY_WORDS = 3;
/** …of which at least this many distinct ones are specific (not in the generic list). */
export const MIN_URGENT_SPECIFIC_WORDS = 2;

/**
 * Whether a summary names a problem: at least {@link MIN_URGENT_SUMMARY_WORDS} words, at least
 * {@link MIN_URGENT_SPECIFIC_WORDS} distinct of them specific — a word of two or more letters, or with
 * a digit, that is not an urgency, politeness, vague or function word ("urgent", "help", "issue", "the").
 */
export function summaryNamesProblem(summary: string): boolean {
  const words = summary.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const specific = new Set(
    words.filter((word) => !GENERIC_WORDS.has(word) && (word.length >= 2 || /\d/.test(word))),
  );
  return words.length >= MIN_URGENT_SUMMARY_WORDS && specific.size >= MIN_URGENT_SPECIFIC_WORDS;
}

/** Urgent tickets must have a summary that names the problem (see {@link summaryNamesProblem}). */
export const urgentSummaryRule: Rule<SupportTicket, TextInput> = {
  id: 'urgent-summary-names-problem',
  description: 'An urgent ticket has a summary that names the problem, not a generic "urgent issue"',
  severity: 'retry',
  check(ticket) {
    if (ticket.priority !== 'urgent' || summaryNamesProblem(ticket.summary)) return [];
    return [
      {
        path: 'summary',
        message:
          'urgent tickets need a summary that names the problem: what is failing and where, in at least ' +
          `${MIN_URGENT_SUMMARY_WORDS} words (e.g. "Checkout returns a 500 error for every card payment"), ` +
          `not a generic phrase like "${ticket.summary}"`,
        received: ticket.summary,
      },
    ];
  },
};

/** The business rules of the `support-ticket` workflow. */
export const supportTicketRules = [urgentSummaryRule];
