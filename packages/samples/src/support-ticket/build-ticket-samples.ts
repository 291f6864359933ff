import type { SupportTicket } from '@quarry/workflows';
import { addDays, formatDate } from '../date-format';
import type { Random } from '../random';
import type { Sample } from '../sample';
import { pad } from '../text-layout';
import { ACCOUNT_SCENARIOS } from './account-scenarios';
import { ORDER_SCENARIOS } from './order-scenarios';
import { renderTicket } from './render-ticket';
import { DESKS, emailOf, PEOPLE } from './ticket-parties';
import type { TicketContext } from './ticket-scenario';

/** Every ticket scenario; each becomes one sample. */
const TICKET_SCENARIOS = [...ACCOUNT_SCENARIOS, ...ORDER_SCENARIOS];

const FIRST_TICKET_DATE = '2024-01-08';

/** Generates one support-ticket sample per scenario, with varied customers, channels noise and dates. */
export function buildTicketSamples(random: Random): Sample<SupportTicket>[] {
  const people = random.shuffle(PEOPLE);
  return random.shuffle(TICKET_SCENARIOS).map((scenario, i) => {
    const person = scenario.sender ?? people[i % people.length] ?? PEOPLE[0]!;
    const desk = DESKS[scenario.desk];
    const date = addDays(FIRST_TICKET_DATE, random.int(0, 700));
    const context: TicketContext = {
      first: person.first,
      last: person.last,
      name: `${person.first} ${person.last}`,
      email: emailOf(person, random.pick([0, 1, 2] as const)),
      desk,
      order: `${desk.orderPrefix}${random.int(10000, 99999)}`,
      amount: `$${(random.int(1500, 64000) / 100).toFixed(2)}`,
      last4: pad(random.int(0, 9999), 4),
      phone: `+1 (${random.int(201, 989)}) 555-${pad(random.int(100, 199), 4)}`,
      day: formatDate(addDays(date, -random.int(1, 9)), 'us-long').replace(/, \d{4}$/, ''),
      time: `${pad(random.int(7, 21), 2)}:${pad(random.int(0, 59), 2)}`,
      random,
    };
    const text = scenario.write(context);
    const hasEmail =
      scenario.channel === 'email' || scenario.channel === 'form' || scenario.channel === 'forward';
    return {
      id: `support-ticket-${pad(i + 1, 3)}`,
      workflow: 'support-ticket',
      version: 1,
      text: renderTicket({ channel: scenario.channel, text, context, date }, random),
      truth: {
        category: scenario.category,
        priority: scenario.priority,
        summary: text.summary,
        customerEmail: hasEmail || scenario.emailInText ? context.email : null,
        confidence: scenario.confidence,
      },
    };
  });
}
