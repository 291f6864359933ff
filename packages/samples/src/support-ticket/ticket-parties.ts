/** A company whose support desk receives tickets. */
export interface Desk {
  readonly name: string;
  readonly email: string;
  /** Prefix of its order numbers, e.g. `SW-`. */
  readonly orderPrefix: string;
  readonly agents: readonly string[];
}

/** The support desks tickets are addressed to. */
export const DESKS = {
  shopwave: { name: 'Shopwave', email: 'support@shopwave.com', orderPrefix: 'SW-', agents: ['Sam', 'Ines'] },
  ledgerly: {
    name: 'Ledgerly',
    email: 'support@ledgerly.app',
    orderPrefix: 'LG-',
    agents: ['Noah', 'Priya'],
  },
  trailhead: {
    name: 'Trailhead Outfitters',
    email: 'help@trailheadoutfitters.com',
    orderPrefix: 'TH',
    agents: ['Casey', 'Jo'],
  },
  pixelforge: {
    name: 'PixelForge',
    email: 'support@pixelforge.io',
    orderPrefix: 'PF-',
    agents: ['Mia', 'Leo'],
  },
  careline: {
    name: 'CareLine Medical Supply',
    email: 'orders@carelinemedical.com',
    orderPrefix: 'CL-',
    agents: ['Rosa', 'Derek'],
  },
} as const satisfies Record<string, Desk>;

export type DeskName = keyof typeof DESKS;

/** A customer writing in. */
export interface Person {
  readonly first: string;
  readonly last: string;
  readonly domain: string;
}

/** Customers; emails are derived from the names and domains. */
export const PEOPLE: readonly Person[] = [
  { first: 'María', last: 'González', domain: 'outlook.com' },
  { first: 'James', last: "O'Connor", domain: 'gmail.com' },
  { first: 'Aisha', last: 'Bello', domain: 'brightlane.io' },
  { first: 'Chen', last: 'Wei', domain: 'gmail.com' },
  { first: 'Sofia', last: 'Rossi', domain: 'studiorossi.it' },
  { first: 'Liam', last: 'Murphy', domain: 'yahoo.com' },
  { first: 'Hannah', last: 'Schmidt', domain: 'posteo.de' },
  { first: 'Raj', last: 'Patel', domain: 'northbeam.co' },
  { first: 'Emily', last: 'Nguyen', domain: 'icloud.com' },
  { first: 'Oluwaseun', last: 'Adeyemi', domain: 'gmail.com' },
  { first: 'Lucas', last: 'Martin', domain: 'orange.fr' },
  { first: 'Yuki', last: 'Tanaka', domain: 'gmail.com' },
  { first: 'Grace', last: 'Kim', domain: 'fernhillcapital.com' },
  { first: 'Mateo', last: 'Fernández', domain: 'hotmail.com' },
  { first: 'Olivia', last: 'Brown', domain: 'protonmail.com' },
  { first: 'Noah', last: 'Williams', domain: 'kestrelapps.com' },
  { first: 'Fatima', last: 'Zahra', domain: 'gmail.com' },
  { first: 'Ingrid', last: 'Larsen', domain: 'online.no' },
  { first: 'Tomás', last: 'Silva', domain: 'sapo.pt' },
  { first: 'Priyanka', last: 'Sharma', domain: 'tessellate.ai' },
  { first: 'Ben', last: 'Carter', domain: 'outlook.com' },
  { first: 'Zoe', last: 'Thompson', domain: 'gmail.com' },
  { first: 'Ahmed', last: 'Hassan', domain: 'mercurylabs.io' },
  { first: 'Julia', last: 'Nowak', domain: 'wp.pl' },
  { first: 'Kevin', last: 'Osei', domain: 'gmail.com' },
  { first: 'Camille', last: 'Dubois', domain: 'atelierdubois.fr' },
  { first: 'Marcus', last: 'Johnson', domain: 'yahoo.com' },
  { first: 'Elena', last: 'Popescu', domain: 'gmail.com' },
  { first: 'Sven', last: 'Andersson', domain: 'telia.se' },
  { first: 'Nadia', last: 'Rahman', domain: 'harbourhealth.org' },
  { first: 'Diego', last: 'Ramírez', domain: 'gmail.com' },
  { first: 'Chloe', last: 'Evans', domain: 'btinternet.com' },
  { first: 'Arjun', last: 'Mehta', domain: 'quantive.dev' },
  { first: 'Laura', last: 'Becker', domain: 'web.de' },
  { first: 'Samuel', last: 'Okafor', domain: 'gmail.com' },
  { first: 'Mei', last: 'Lin', domain: 'lumenstudio.co' },
  { first: 'Patrick', last: 'Walsh', domain: 'eircom.net' },
  { first: 'Anna', last: 'Kowalczyk', domain: 'gmail.com' },
  { first: 'Omar', last: 'Farouk', domain: 'deltaforge.com' },
];

/** `maría.gonzález` → `maria.gonzalez`: ASCII, lower case, letters only. */
const ascii = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The person's email address, e.g. `maria.gonzalez@outlook.com`. */
export const emailOf = (person: Person, style: 0 | 1 | 2): string => {
  const first = ascii(person.first);
  const last = ascii(person.last);
  const local = style === 0 ? `${first}.${last}` : style === 1 ? `${first[0]}${last}` : `${first}${last[0]}`;
  return `${local}@${person.domain}`;
};
