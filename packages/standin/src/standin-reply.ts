import { z } from 'zod';
import { type WireRefusalCategory, wireRefusalCategories } from './messages-wire';

/**
 * What the stand-in answers to one request:
 * - `json`: a JSON answer in the request's strategy (a text block for structured outputs, a
 *   `tool_use` of the forced tool for tool use, a text block when the request has neither);
 * - `text`: a raw text block (prose, broken JSON…);
 * - `tool`: a `tool_use` block with any name and input;
 * - `truncated`: a text block with `stop_reason: 'max_tokens'`;
 * - `refusal`: `stop_reason: 'refusal'`, with a text block when `text` is given, and `stop_details`
 *   naming `category` (default none) and `explanation`; a request naming `fallbacks` is answered
 *   by its first fallback model with `fallback` when given (else the refusal stands);
 * - `empty`: no content blocks;
 * - `error`: an API error response (`errorType` defaults from the status), with `retry-after`
 *   from `retryAfterSeconds`, or `retryAfter` sent as it is (any header-safe text, e.g. a huge,
 *   negative or malformed value); `echo` makes its message repeat what was received, as a careless
 *   gateway does: `request` the whole request body (document included), `apiKey` the key the
 *   request was sent with; `format: 'text'` sends a plain text body instead of the JSON error object;
 * - `reset`: the connection is reset without an answer;
 * - `stall`: status 200 and headers are sent, then the start of the body (half a JSON message, or
 *   `message_start` and `ping` when streaming), then nothing more until the client gives up or
 *   the stand-in closes;
 * - `delay`: waits `ms`, then answers `reply`.
 */
export type StandinReply =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'tool'; readonly name: string; readonly input: unknown }
  | { readonly kind: 'truncated'; readonly text: string }
  | {
      readonly kind: 'refusal';
      readonly text?: string;
      readonly category?: WireRefusalCategory | null;
      readonly explanation?: string;
      readonly fallback?: StandinReply;
    }
  | { readonly kind: 'empty' }
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly errorType?: string;
      readonly message?: string;
      readonly retryAfterSeconds?: number;
      readonly echo?: ErrorEcho;
      readonly format?: 'json' | 'text';
      readonly retryAfter?: string;
    }
  | { readonly kind: 'reset' }
  | { readonly kind: 'stall' }
  | { readonly kind: 'delay'; readonly ms: number; readonly reply: StandinReply };

/** What an error reply repeats of the request it answers. */
const ErrorEcho = z.enum(['request', 'apiKey']);
type ErrorEcho = z.infer<typeof ErrorEcho>;

const defined = (value: unknown): boolean => value !== undefined;

/** Text that can be sent as an HTTP header value as it is: tabs and printable ASCII, at most 256 characters. */
export const HeaderText = z
  .string()
  .max(256)
  .regex(/^[\t\x20-\x7e]*$/, 'must be printable ASCII (an HTTP header value)');

/** Schema of {@link StandinReply}, for replies read from JSON (the CLI's `--script`). */
export const StandinReply: z.ZodType<StandinReply> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('json'), value: z.unknown().refine(defined, 'value: Field required') }),
    z.object({ kind: z.literal('text'), text: z.string() }),
    z.object({
      kind: z.literal('tool'),
      name: z.string().min(1),
      input: z.unknown().refine(defined, 'input: Field required'),
    }),
    z.object({ kind: z.literal('truncated'), text: z.string() }),
    z.object({
      kind: z.literal('refusal'),
      text: z.string().optional(),
      category: z.enum(wireRefusalCategories).nullable().optional(),
      explanation: z.string().optional(),
      fallback: StandinReply.optional(),
    }),
    z.object({ kind: z.literal('empty') }),
    z.object({
      kind: z.literal('error'),
      status: z.number().int().min(400).max(599),
      errorType: z.string().min(1).optional(),
      message: z.string().optional(),
      retryAfterSeconds: z.number().nonnegative().optional(),
      echo: ErrorEcho.optional(),
      format: z.enum(['json', 'text']).optional(),
      retryAfter: HeaderText.optional(),
    }),
    z.object({ kind: z.literal('reset') }),
    z.object({ kind: z.literal('stall') }),
    z.object({ kind: z.literal('delay'), ms: z.number().nonnegative(), reply: StandinReply }),
  ]),
);
