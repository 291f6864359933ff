import type { Request, Response } from 'express';
import { problemPage } from './pages/problem-page';

/** Why a request could not be served: an HTTP status, a stable code, and text for people. */
export interface Problem {
  readonly status: number;
  /** Stable code for programs (`redis_unavailable`, `payload_too_large`, …). */
  readonly error: string;
  readonly title: string;
  readonly message: string;
  /** Sent as `Retry-After` (seconds). */
  readonly retryAfterS?: number;
}

/**
 * Answers with `problem`: a page for browsers (whose `Accept` names text/html), JSON
 * `{ error, message }` otherwise; never cached.
 */
export function sendProblem(req: Request, res: Response, problem: Problem): void {
  res.status(problem.status).set('Cache-Control', 'no-store');
  if (problem.retryAfterS !== undefined) res.set('Retry-After', String(problem.retryAfterS));
  if ((req.get('accept') ?? '').includes('text/html')) {
    res.type('html').send(problemPage({ title: problem.title, message: problem.message }).value);
    return;
  }
  res.json({ error: problem.error, message: problem.message });
}
