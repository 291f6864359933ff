import type { RecordedRequest } from './recorded-request';
import type { StandinScript } from './standin-options';
import { StandinReply } from './standin-reply';

const scriptError = (message: string): StandinReply => ({ kind: 'error', status: 500, message });

/**
 * The script's reply to a request: the list's entry at the request's index, or what the function
 * returns. A list that ran out, a function that threw and a malformed reply all become a 500
 * naming the problem, so a test sees it in the error the SDK raises.
 */
export async function scriptedReply(
  script: readonly StandinReply[] | StandinScript,
  request: RecordedRequest,
): Promise<StandinReply> {
  const number = request.index + 1;
  let reply: unknown;
  if (typeof script === 'function') {
    try {
      reply = await script(request, request.index);
    } catch (error) {
      return scriptError(`The stand-in's script threw: ${(error as Error).message}`);
    }
  } else {
    reply = script[request.index];
    if (reply === undefined)
      return scriptError(
        `The stand-in's script is exhausted: request ${number} has no reply (the script has ${script.length})`,
      );
  }
  const checked = StandinReply.safeParse(reply);
  if (checked.success) return reply as StandinReply;
  const problems = checked.error.issues.map(
    (issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`,
  );
  return scriptError(
    `The stand-in's script gave an invalid reply for request ${number}: ${problems.join('; ')}`,
  );
}
