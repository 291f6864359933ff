import type { TicketCategory, TicketPriority } from '@quarry/workflows';
import type { Random } from '../random';
import type { Desk, DeskName, Person } from './ticket-parties';

/** How a ticket reached the desk. */
export type Channel = 'email' | 'form' | 'chat' | 'call' | 'forward';

/** The details a scenario weaves into its text. */
export interface TicketContext {
  readonly first: string;
  readonly last: string;
  readonly name: string;
  readonly email: string;
  readonly desk: Desk;
  /** An order number with the desk's prefix, e.g. `SW-48213`. */
  readonly order: string;
  /** A dollar amount, e.g. `$184.20`. */
  readonly amount: string;
  readonly last4: string;
  readonly phone: string;
  /** A day shortly before the ticket, e.g. `March 5`. */
  readonly day: string;
  /** A time of day, e.g. `09:40`. */
  readonly time: string;
  readonly random: Random;
}

/** What a scenario writes: the customer's words and the true one-line summary. */
export interface TicketText {
  readonly subject: string;
  /** Paragraphs separated by blank lines; chat scenarios: one visitor message per paragraph. */
  readonly body: string;
  readonly summary: string;
  /** Closing lines replacing the usual sign-off and first name, for formal letters. */
  readonly signature?: string;
}

/** A kind of ticket with its true category, priority and confidence. */
export interface TicketScenario {
  readonly category: TicketCategory;
  readonly priority: TicketPriority;
  readonly confidence: number;
  readonly desk: DeskName;
  readonly channel: Channel;
  /** For chat and call tickets: whether the text gives the customer's email (email, form and forward always do). */
  readonly emailInText?: boolean;
  /** The customer who writes this ticket, when it must be a particular one (default: the next in line). */
  readonly sender?: Person;
  write(context: TicketContext): TicketText;
}
