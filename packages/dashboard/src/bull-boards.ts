import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { QuarryQueues } from '@quarry/queue';
import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { principalOf } from './auth/principal';
import { dlqDataPreview } from './dlq-data-preview';
import { withoutDocuments } from './documents/without-documents';
import { isMutating } from './request-guards';

/** Where bull-board is mounted. */
export const BOARD_PATH = '/queues';

/** Links in bull-board's header back to Quarry's own pages. */
export const BOARD_LINKS = [
  { text: 'Quarry overview', url: '/' },
  { text: 'Dead letters (triage)', url: '/dlq' },
  { text: 'Review', url: '/review' },
  { text: 'Batches', url: '/batches' },
] as const;

/**
 * The DLQ as bull-board shows it. No worker ever consumes the DLQ (records wait for a person), so it
 * reports its workers as unknown: the board then shows no "No workers" alarm for it, and skips the
 * `CLIENT LIST` it would run for the DLQ on every poll.
 */
class DlqBoardAdapter extends BullMQAdapter {
  override getWorkers(): Promise<null> {
    return Promise.resolve(null);
  }
}

function board(queues: QuarryQueues, readOnlyMode: boolean, hideDocuments: boolean): Express {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BOARD_PATH);
  const extraction = new BullMQAdapter(queues.queue, {
    readOnlyMode,
    displayName: 'Extraction',
    description: 'Extraction jobs waiting, running, completed and failed',
  });
  const dlq = new DlqBoardAdapter(queues.dlq, {
    readOnlyMode,
    allowRetries: false,
    displayName: 'Dead letters',
    description: 'One record per terminally failed job; no worker consumes it: triage and replay at /dlq',
  });
  if (hideDocuments) {
    extraction.setFormatter('data', withoutDocuments);
    extraction.setFormatter('returnValue', withoutDocuments);
    dlq.setFormatter('data', (data) => withoutDocuments(dlqDataPreview(data)));
  } else {
    dlq.setFormatter('data', dlqDataPreview);
  }
  createBullBoard({
    queues: [extraction, dlq],
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: readOnlyMode ? 'Quarry (read-only)' : 'Quarry',
        miscLinks: BOARD_LINKS.map((link) => ({ ...link })),
        hideDocsLink: true,
      },
    },
  });
  const app = serverAdapter.getRouter() as Express;
  app.disable('x-powered-by');
  return app;
}

/**
 * Two bull-board instances over the same queues at the same path, with links back to Quarry's pages
 * in their header and no "No workers" alarm on the DLQ: a full one for admins and a read-only one for viewers (no retry, clean or other mutation buttons, and such requests refused).
 * With `viewersSeeDocuments` false, the viewers' board shows job data, results and DLQ records
 * without their documents (see {@link withoutDocuments}).
 */
export function createBullBoards(options: {
  readonly queues: QuarryQueues;
  readonly viewersSeeDocuments: boolean;
}): { admin: Express; viewer: Express } {
  const { queues } = options;
  return { admin: board(queues, false, false), viewer: board(queues, true, !options.viewersSeeDocuments) };
}

/**
 * Serves the board of the request's role (mounted at {@link BOARD_PATH}, behind authentication):
 * viewers' changes are refused with 403, admins' changes are logged with the user.
 */
export function boardsByRole(options: {
  readonly boards: { readonly admin: Express; readonly viewer: Express };
  readonly log: Logger;
}): RequestHandler {
  const { boards, log } = options;
  return (req, res, next) => {
    const principal = principalOf(res);
    if (principal.role !== 'admin' && isMutating(req.method)) {
      res.status(403).json({ error: 'forbidden', message: 'the viewer role is read-only' });
      return;
    }
    if (isMutating(req.method))
      log.info({ user: principal.name, method: req.method, path: req.path }, 'queue change');
    (principal.role === 'admin' ? boards.admin : boards.viewer)(req, res, next);
  };
}
