import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { QuarryQueues } from '@quarry/queue';
import type { Express } from 'express';
import { dlqDataPreview } from './dlq-data-preview';

/** Where bull-board is mounted. */
export const BOARD_PATH = '/queues';

function board(queues: QuarryQueues, readOnlyMode: boolean): Express {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BOARD_PATH);
  const extraction = new BullMQAdapter(queues.queue, {
    readOnlyMode,
    displayName: 'Extraction',
    description: 'Extraction jobs waiting, running, completed and failed',
  });
  const dlq = new BullMQAdapter(queues.dlq, {
    readOnlyMode,
    allowRetries: false,
    displayName: 'Dead letters',
    description: 'One record per terminally failed job; replay them from Quarry triage',
  });
  dlq.setFormatter('data', dlqDataPreview);
  createBullBoard({
    queues: [extraction, dlq],
    serverAdapter,
    options: { uiConfig: { boardTitle: readOnlyMode ? 'Quarry (read-only)' : 'Quarry' } },
  });
  const app = serverAdapter.getRouter() as Express;
  app.disable('x-powered-by');
  return app;
}

/**
 * Two bull-board instances over the same queues at the same path: a full one for admins and a
 * read-only one for viewers (no retry, clean or other mutation buttons, and such requests refused).
 */
export function createBullBoards(queues: QuarryQueues): { admin: Express; viewer: Express } {
  return { admin: board(queues, false), viewer: board(queues, true) };
}
