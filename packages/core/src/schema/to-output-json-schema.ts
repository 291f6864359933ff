import { z } from 'zod';

/** String formats Anthropic structured outputs accept; other formats are described instead. */
export const supportedStringFormats: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema sent to the model for a zod output schema: `z.toJSONSchema` of the input side,
 * sanitized for Anthropic structured outputs (and strict tool input schemas). `$schema` is dropped,
 * every object gets `additionalProperties: false`, `oneOf` becomes `anyOf`, type lists become
 * `anyOf`, and constraints the API rejects (numeric bounds, `multipleOf`, string lengths,
 * `minItems` other than 0 or 1, `maxItems`, unsupported formats, patterns with lookaround,
 * backreferences or word boundaries) are removed and appended to the description in plain words,
 * so the model still learns them. Replies are always validated against the original zod schema.
 *
 * It does what the SDK's own transform (`transformJSONSchema`, behind `zodOutputFormat`) does, and
 * more: it keeps the patterns the API enforces (the SDK moves every `pattern` into the description),
 * words dropped constraints in plain language, and refuses records by path. Core depends on zod
 * alone, so the SDK's transform serves as the oracle instead: packages/anthropic's
 * `output-schema-sdk-agreement.test.ts` checks that what this returns is a fixed point of it.
 *
 * @throws TypeError when the schema cannot be expressed (objects with arbitrary keys, i.e. records)
 *   or zod cannot convert it.
 */
export function toOutputJsonSchema(schema: z.ZodType): JsonSchema {
  const cached = converted.get(schema);
  if (cached) return cached;
  const json = sanitize(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema, '#');
  converted.set(schema, json);
  return json;
}

/**
 * Converted schemas by zod schema: zod schemas are immutable, and converting one costs far more
 * than the rest of building a request, which happens for every model call.
 */
const converted = new WeakMap<z.ZodType, JsonSchema>();

function sanitize(node: JsonSchema, at: string): JsonSchema {
  const out: JsonSchema = {};
  const notes: string[] = [];
  const keepFormat = typeof node.format === 'string' && supportedStringFormats.has(node.format);
  if (isRecordLike(node)) {
    throw new TypeError(
      `Output schema at ${at}: an object with arbitrary keys (a record) cannot be expressed for structured outputs; use an array of { key, value } objects instead`,
    );
  }
  for (const [key, value] of Object.entries(node)) {
    switch (key) {
      case '$schema':
      case 'additionalProperties':
      case 'propertyNames':
        break;
      case 'properties':
      case '$defs':
      case 'definitions':
        out[key] = mapValues(value, (child, name) => sanitize(child, `${at}/${key}/${name}`));
        break;
      case 'items':
      case 'not':
        out[key] = isSchema(value) ? sanitize(value, `${at}/${key}`) : value;
        break;
      case 'prefixItems':
      case 'allOf':
        out[key] = mapArray(value, (child, i) => sanitize(child, `${at}/${key}/${i}`));
        break;
      case 'anyOf':
      case 'oneOf':
        out.anyOf = [
          ...((out.anyOf as unknown[] | undefined) ?? []),
          ...mapArray(value, (child, i) => sanitize(child, `${at}/${key}/${i}`)),
        ];
        break;
      case 'type':
        if (Array.isArray(value))
          out.anyOf = [...((out.anyOf as unknown[] | undefined) ?? []), ...value.map((type) => ({ type }))];
        else out.type = value;
        break;
      case 'minimum':
      case 'maximum':
        if (value !== Number.MAX_SAFE_INTEGER && value !== Number.MIN_SAFE_INTEGER)
          notes.push(describe(key, value));
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'multipleOf':
      case 'minLength':
      case 'maxLength':
      case 'maxItems':
        notes.push(describe(key, value));
        break;
      case 'minItems':
        if (value === 0 || value === 1) out.minItems = value;
        else notes.push(describe(key, value));
        break;
      case 'format':
        if (keepFormat) out.format = value;
        else notes.push(`must be in ${String(value)} format`);
        break;
      case 'pattern':
        if (keepFormat) break;
        if (typeof value === 'string' && !/\(\?[=!<]|\\[1-9bB]/.test(value)) out.pattern = value;
        else notes.push(`must match the regular expression ${String(value)}`);
        break;
      default:
        out[key] = value;
    }
  }
  if (out.type === 'object' || 'properties' in out) {
    out.properties ??= {};
    out.additionalProperties = false;
  }
  if (notes.length > 0) {
    const described = typeof out.description === 'string' && out.description !== '' ? out.description : null;
    out.description = described ? `${described} (${notes.join('; ')})` : notes.join('; ');
  }
  return out;
}

function describe(keyword: string, value: unknown): string {
  const v = String(value);
  switch (keyword) {
    case 'minimum':
      return `must be ≥ ${v}`;
    case 'maximum':
      return `must be ≤ ${v}`;
    case 'exclusiveMinimum':
      return `must be > ${v}`;
    case 'exclusiveMaximum':
      return `must be < ${v}`;
    case 'multipleOf':
      return `must be a multiple of ${v}`;
    case 'minLength':
      return `must be at least ${v} character${value === 1 ? '' : 's'} long`;
    case 'maxLength':
      return `must be at most ${v} characters long`;
    case 'minItems':
      return `must have at least ${v} items`;
    default:
      return `must have at most ${v} item${value === 1 ? '' : 's'}`;
  }
}

function isRecordLike(node: JsonSchema): boolean {
  const extra = node.additionalProperties;
  return 'propertyNames' in node || (isSchema(extra) && Object.keys(extra).length > 0);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapValues(value: unknown, fn: (child: JsonSchema, name: string) => JsonSchema): unknown {
  if (!isSchema(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, child]) => [name, isSchema(child) ? fn(child, name) : child]),
  );
}

function mapArray(value: unknown, fn: (child: JsonSchema, index: number) => JsonSchema): unknown[] {
  if (!Array.isArray(value)) return [];
  return value.map((child, i) => (isSchema(child) ? fn(child, i) : child));
}
