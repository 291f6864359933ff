import { formatDate } from '../date-format';
import type { Random } from '../random';
import type { Channel, TicketContext, TicketText } from './ticket-scenario';

/** A ticket to render: the scenario's words, the context they were written in, and when it arrived. */
export interface TicketDocument {
  readonly channel: Channel;
  readonly text: TicketText;
  readonly context: TicketContext;
  /** ISO date the ticket arrived. */
  readonly date: string;
}

const SIGNATURE_NOISE = [
  'Sent from my iPhone',
  '',
  'This email and any attachments are confidential and intended solely for the addressee.',
  'Get Outlook for Android',
  '',
];

function emailBody(doc: TicketDocument, random: Random, greeting: string | null): string[] {
  const { body, signature } = doc.text;
  const greets = greeting !== null && !/^(hola|hi|hey|hello)\b/i.test(body);
  const signs = !/gracias\.?$/i.test(body);
  const closing = signature
    ? [signature]
    : [
        ...(signs ? [random.pick(['Thanks,', 'Thanks in advance,', 'Best,', 'Regards,', 'Cheers,'])] : []),
        doc.context.first,
        ...[random.pick(SIGNATURE_NOISE)].filter((line) => line !== ''),
      ];
  return [...(greets ? [greeting, ''] : []), body, '', ...closing];
}

const timestamp = (doc: TicketDocument, random: Random): string =>
  `${formatDate(doc.date, 'email')} ${doc.context.time}:${String(random.int(0, 59)).padStart(2, '0')} ${random.pick(['+0000', '-0500', '+0100', '-0800'])}`;

/** Renders a ticket as it reaches the desk: an email, a contact form, a chat, a call note or a forward. */
export function renderTicket(doc: TicketDocument, random: Random): string {
  const { context: c, text } = doc;
  const desk = c.desk;
  const agent = random.pick(desk.agents);
  const greeting = random.pick(['Hi,', 'Hello,', `Hi ${desk.name} team,`, 'Dear Support,']);
  switch (doc.channel) {
    case 'email':
      return [
        `From: ${c.name} <${c.email}>`,
        `To: ${desk.name} Support <${desk.email}>`,
        `Date: ${timestamp(doc, random)}`,
        `Subject: ${text.subject}`,
        '',
        ...emailBody(doc, random, doc.text.signature ? 'Dear Sir or Madam,' : greeting),
        '',
      ].join('\n');
    case 'form':
      return [
        `New message from the contact form at ${desk.email.split('@')[1]}/contact`,
        '',
        `Name:     ${c.name}`,
        `Email:    ${c.email}`,
        `Subject:  ${text.subject}`,
        `Topic:    ${random.pick(['General question', 'Support request', 'Other'])}`,
        'Message:',
        text.body,
        '',
        '--',
        `Submitted ${doc.date} ${c.time} UTC · ${random.pick(['Chrome 122 on macOS', 'Safari on iPhone', 'Firefox 124 on Windows'])}`,
        '',
      ].join('\n');
    case 'chat': {
      const [hour = 9, minute = 0] = c.time.split(':').map(Number);
      let clock = hour * 60 + minute;
      const at = () => {
        clock += random.int(0, 2);
        return `[${String(Math.floor(clock / 60) % 24).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')}]`;
      };
      const acks = ['Okay, I am looking into it.', 'Got it.', 'Thanks, one moment please.', 'Understood.'];
      const lines = [
        `Live chat transcript - ${desk.name}`,
        `Started: ${doc.date} ${c.time} UTC`,
        `Visitor: ${c.first} (not signed in)`,
        `Agent: ${agent}`,
        '',
        `${at()} ${agent}: Hi, thanks for contacting ${desk.name}! How can I help?`,
      ];
      text.body.split('\n\n').forEach((message, i) => {
        if (i > 0) lines.push(`${at()} ${agent}: ${random.pick(acks)}`);
        lines.push(`${at()} ${c.first}: ${message}`);
      });
      lines.push(`${at()} ${agent}: Thank you, I've passed this to the right team and they will follow up.`);
      return [...lines, 'Chat ended by visitor.', ''].join('\n');
    }
    case 'call':
      return [
        `Call note - ${desk.name} support line`,
        `Date: ${doc.date} ${c.time}`,
        `Logged by: ${agent} (Tier 1)`,
        `Caller: ${c.name}`,
        '',
        text.body,
        '',
        `Subject for queue: ${text.subject}`,
        '',
      ].join('\n');
    case 'forward': {
      const colleague = random.pick(['Tom Becker', 'Alicia Romero', 'Ken Ito']);
      const colleagueEmail = `${colleague.split(' ')[0]?.toLowerCase()}@${desk.email.split('@')[1]}`;
      return [
        `From: ${colleague} <${colleagueEmail}>`,
        `To: ${desk.email}`,
        `Date: ${timestamp(doc, random)}`,
        `Subject: Fwd: ${text.subject}`,
        '',
        `Hi team - forwarding this from one of my accounts, can you pick it up? Thanks, ${colleague.split(' ')[0]}`,
        '',
        '---------- Forwarded message ---------',
        `From: ${c.name} <${c.email}>`,
        `Date: ${timestamp(doc, random)}`,
        `Subject: ${text.subject}`,
        `To: ${colleague} <${colleagueEmail}>`,
        '',
        ...emailBody(doc, random, `Hi ${colleague.split(' ')[0]},`),
        '',
      ].join('\n');
    }
  }
}
