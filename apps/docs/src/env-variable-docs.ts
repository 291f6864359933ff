import { z } from 'zod';

/** One environment variable as the reference shows it. */
export interface EnvVariableDoc {
  readonly name: string;
  /** The form the variable takes, e.g. "an integer from 1 to 1000". */
  readonly type: string;
  /** What applies when it is unset: the schema's default, or what its `whenUnset` note says. */
  readonly whenUnset: string;
  readonly description: string;
}

/** An environment schema: an object of variables, possibly refined and transformed. */
type EnvSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

/** A variable's metadata as its schema records it with `.meta()` / `.describe()`. */
interface VariableMeta {
  readonly type?: unknown;
  readonly description?: unknown;
  readonly whenUnset?: unknown;
}

/** The schema and every schema it wraps (defaults, optionals, pipes), outermost first. */
function layers(schema: z.ZodType): z.ZodType[] {
  const found: z.ZodType[] = [];
  let current: z.ZodType | undefined = schema;
  while (current !== undefined && found.length < 20) {
    found.push(current);
    if (
      current instanceof z.ZodDefault ||
      current instanceof z.ZodOptional ||
      current instanceof z.ZodPrefault
    ) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else current = undefined;
  }
  return found;
}

/** Metadata from the outermost layer that has each key. */
function metaOf(schema: z.ZodType, key: keyof VariableMeta): string | undefined {
  for (const layer of layers(schema)) {
    const value = (z.globalRegistry.get(layer) as VariableMeta | undefined)?.[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The form of a variable without a `type` note: the options of an enum it pipes into, else text. */
function derivedType(schema: z.ZodType): string {
  const seen: z.ZodType[] = [schema];
  while (seen.length > 0) {
    const current = seen.pop();
    if (current instanceof z.ZodEnum) return `one of ${current.options.join(', ')}`;
    if (current instanceof z.ZodPipe) seen.push(current.in as z.ZodType, current.out as z.ZodType);
    if (current instanceof z.ZodDefault || current instanceof z.ZodOptional)
      seen.push(current.unwrap() as z.ZodType);
  }
  return 'text';
}

function whenUnsetOf(schema: z.ZodType): string {
  const noted = metaOf(schema, 'whenUnset');
  if (noted !== undefined) return noted;
  const withDefault = layers(schema).find((layer) => layer instanceof z.ZodDefault);
  if (withDefault instanceof z.ZodDefault) return `\`${String(withDefault.def.defaultValue)}\``;
  return schema.safeParse(undefined).success ? 'unset' : 'required';
}

/** The variables of an environment schema, in its order, with their documentation. */
export function envVariableDocs(schema: EnvSchema): EnvVariableDoc[] {
  const object = schema instanceof z.ZodPipe ? schema.in : schema;
  return Object.entries(object.shape as Record<string, z.ZodType>).map(([name, variable]) => ({
    name,
    type: metaOf(variable, 'type') ?? derivedType(variable),
    whenUnset: whenUnsetOf(variable),
    description: metaOf(variable, 'description') ?? '',
  }));
}
