import { checkedNumber } from '../generator-options-error';
import { formatNumber } from '../number-format';
import { Random } from '../random';

/** Defaults and bounds of {@link wideFormDocument}'s options. */
export const wideFormDefaults = {
  sections: 30,
  fieldsPerSection: 11,
  seed: 1,
  maxSections: 99,
  maxFieldsPerSection: 99,
} as const;

/** One section's answers: `field01` … by field, strings, numbers, enum values or null. */
export type WideFormSection = Readonly<Record<string, string | number | null>>;

/** A generated form: its text, its truth (`section01` … → fields) and the JSON Schema of the output. */
export interface WideFormDocument {
  readonly text: string;
  readonly truth: Readonly<Record<string, WideFormSection>>;
  /** An object per section, every property required; nullable fields typed `[x, 'null']`. */
  readonly outputJsonSchema: Readonly<Record<string, unknown>>;
}

/** What a field holds, by its position in its section (the kinds repeat in this order). */
const kinds = ['string', 'number', 'enum', 'nullableString', 'nullableNumber'] as const;
type FieldKind = (typeof kinds)[number];

const statuses = ['approved', 'pending', 'rejected'] as const;
const topics = [
  'Applicant',
  'Employer',
  'Property',
  'Vehicle',
  'Insurance',
  'Income',
  'Pension',
  'Dependants',
];
const labels: Record<FieldKind, string> = {
  string: 'Reference',
  number: 'Amount',
  enum: 'Status',
  nullableString: 'Note code',
  nullableNumber: 'Adjustment',
};

const two = (value: number): string => String(value).padStart(2, '0');

function fieldSchema(kind: FieldKind): Record<string, unknown> {
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'enum':
      return { type: 'string', enum: [...statuses] };
    case 'nullableString':
      return { type: ['string', 'null'] };
    case 'nullableNumber':
      return { type: ['number', 'null'] };
  }
}

function fieldValue(kind: FieldKind, random: Random, where: string): string | number | null {
  switch (kind) {
    case 'string':
      return `REF-${where}-${random.int(10_000, 99_999)}`;
    case 'number':
      return random.int(100, 9_999_999) / 100;
    case 'enum':
      return random.pick(statuses);
    case 'nullableString':
      return random.chance(0.4) ? null : `NC-${where}-${random.int(100, 999)}`;
    case 'nullableNumber':
      return random.chance(0.4) ? null : random.int(1, 99_999) / 100;
  }
}

const printed = (value: string | number | null): string =>
  value === null ? 'not given' : typeof value === 'number' ? formatNumber(value, 'en') : value;

/**
 * A wide form, the same for the same options: `sections` numbered sections of `fieldsPerSection`
 * labelled fields each (`1.01 Applicant reference: REF-0101-48213`), their kinds in turn a string,
 * a number (two decimals, thousands separators), an enum (`approved`, `pending`, `rejected`), a
 * nullable string and a nullable number (null printed `not given`). The default 30 × 11 = 330 fields
 * hold 120 nullable ones: the whole output schema is far over the structured-output limits (more
 * than 16 union-typed properties), as a form that must be extracted in parts is.
 * @throws GeneratorOptionsError naming the option out of range
 */
export function wideFormDocument(
  options: { readonly sections?: number; readonly fieldsPerSection?: number; readonly seed?: number } = {},
): WideFormDocument {
  const sections = checkedNumber({
    option: 'sections',
    value: options.sections ?? wideFormDefaults.sections,
    min: 1,
    max: wideFormDefaults.maxSections,
    integer: true,
  });
  const fieldsPerSection = checkedNumber({
    option: 'fieldsPerSection',
    value: options.fieldsPerSection ?? wideFormDefaults.fieldsPerSection,
    min: 1,
    max: wideFormDefaults.maxFieldsPerSection,
    integer: true,
  });
  const seed = checkedNumber({
    option: 'seed',
    value: options.seed ?? wideFormDefaults.seed,
    min: Number.MIN_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
    integer: true,
  });
  const random = new Random(seed);
  const truth: Record<string, WideFormSection> = {};
  const properties: Record<string, unknown> = {};
  const lines = ['APPLICATION FORM', ''];
  for (let s = 1; s <= sections; s++) {
    const topic = topics[(s - 1) % topics.length] ?? 'Section';
    const section: Record<string, string | number | null> = {};
    const fieldProperties: Record<string, unknown> = {};
    lines.push(`SECTION ${s}: ${topic} details`);
    for (let f = 1; f <= fieldsPerSection; f++) {
      const kind = kinds[(f - 1) % kinds.length] ?? 'string';
      const key = `field${two(f)}`;
      const value = fieldValue(kind, random, `${two(s)}${two(f)}`);
      section[key] = value;
      fieldProperties[key] = {
        ...fieldSchema(kind),
        description: `${s}.${two(f)} ${topic} ${labels[kind].toLowerCase()}`,
      };
      lines.push(`${s}.${two(f)} ${topic} ${labels[kind].toLowerCase()}: ${printed(value)}`);
    }
    lines.push('');
    truth[`section${two(s)}`] = section;
    properties[`section${two(s)}`] = {
      type: 'object',
      properties: fieldProperties,
      required: Object.keys(fieldProperties),
      additionalProperties: false,
    };
  }
  return {
    text: lines.join('\n'),
    truth,
    outputJsonSchema: {
      type: 'object',
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    },
  };
}
