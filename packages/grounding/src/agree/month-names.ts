/**
 * Month names and abbreviations, lower case, by month number: English, German, French, Spanish,
 * Italian, Dutch and Portuguese. Abbreviations may be followed by a dot in the text.
 */
const MONTHS: readonly (readonly string[])[] = [
  [
    'january',
    'jan',
    'januar',
    'jänner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'gennaio',
    'gen',
    'januari',
    'janeiro',
  ],
  [
    'february',
    'feb',
    'februar',
    'février',
    'févr',
    'fevrier',
    'febrero',
    'febbraio',
    'februari',
    'fevereiro',
    'fev',
  ],
  ['march', 'mar', 'märz', 'mär', 'maerz', 'mars', 'marzo', 'maart', 'mrt', 'março', 'marco'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  [
    'december',
    'dec',
    'dezember',
    'dez',
    'décembre',
    'déc',
    'decembre',
    'diciembre',
    'dic',
    'dicembre',
    'dezembro',
  ],
];

/** Month number (1–12) by lower-case name. */
export const monthNumber: ReadonlyMap<string, number> = new Map(
  MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/** A regular expression alternative matching any month name, longest first. */
export const MONTH_PATTERN = [...monthNumber.keys()].sort((a, b) => b.length - a.length).join('|');
