import type { WorkflowRegistry } from '@quarry/core';
import { isDlqId } from '@quarry/queue';
import {
  DlqRecordNotFoundError,
  type DlqSelectors,
  overridesFromText,
  ReplayOptionsError,
  SelectorError,
  selectorsFromText,
  type Triage,
} from '@quarry/triage';
import express, { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { CsrfSigner } from '../auth/csrf-signer';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { originalOf } from '../documents/original-of';
import { html } from '../html';
import { dlqDetailPage } from '../pages/dlq-detail-page';
import { dlqListPage } from '../pages/dlq-list-page';
import { fingerprintsPage } from '../pages/fingerprints-page';
import { layout } from '../pages/layout';
import { replayResultPage } from '../pages/replay-result-page';
import { adminFormGuard } from './admin-form-guard';
import { dlqDocument } from './dlq-document';
import { dlqListCursorFromText } from './dlq-list-cursor';
import { readDlqListView } from './dlq-list-view';

/** Options of {@link triageRoutes}. */
export interface TriageRoutesOptions {
  readonly triage: Triage;
  /** The workflows whose document the DLQ detail page shows. */
  readonly registry: WorkflowRegistry;
  readonly signer: CsrfSigner;
  /** Where document jobs' originals are read from, and who may see them. */
  readonly documents: DashboardDocuments;
  readonly log: Logger;
  readonly now: () => number;
  readonly replayRate: number | undefined;
  readonly replayConcurrency: number;
}

const SELECTOR_FIELDS = [
  'ids',
  'fingerprint',
  'workflow',
  'version',
  'reason',
  'since',
  'until',
  'limit',
] as const;

function textFields(
  source: Record<string, unknown>,
  names: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(
    names.map((name) => [name, typeof source[name] === 'string' ? (source[name] as string) : undefined]),
  );
}

/**
 * Selectors whose ids all have the form of a DLQ id. Other names are no record, whatever Redis holds
 * under them next to the DLQ's jobs (BullMQ's `meta`, `id`, `events`).
 * @throws DlqRecordNotFoundError naming the ids of another form.
 */
function withDlqIds(selectors: DlqSelectors): DlqSelectors {
  const others = (selectors.ids ?? []).filter((id) => !isDlqId(id));
  if (others.length > 0) throw new DlqRecordNotFoundError({ dlqIds: others });
  return selectors;
}

/** The triage pages (DLQ list and detail, fingerprints) and replay from the dashboard (admins, CSRF-checked). */
export function triageRoutes(options: TriageRoutesOptions): Router {
  const { triage, signer, log, now } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);
  const send = (res: Response, status: number, page: { value: string }) =>
    res.status(status).type('html').send(page.value);

  router.get('/dlq', async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const filters = textFields(query, SELECTOR_FIELDS);
    const principal = principalOf(res);
    try {
      const selectors = withDlqIds(selectorsFromText(filters, now()));
      const cursor = dlqListCursorFromText(textFields(query, ['after', 'shown']), selectors.limit);
      const view = await readDlqListView({ triage, selectors, cursor });
      send(res, 200, dlqListPage({ principal, csrf: csrfOf(res), filters, ...view, now: now() }));
    } catch (error) {
      if (!(error instanceof SelectorError) && !(error instanceof DlqRecordNotFoundError)) throw error;
      const problems = error instanceof SelectorError ? error.problems : [error.message];
      const empty = { entries: [], count: 0, page: { shown: 0 } };
      send(
        res,
        400,
        dlqListPage({ principal, csrf: csrfOf(res), filters, ...empty, now: now(), error: problems }),
      );
    }
  });

  router.get('/dlq/:dlqId', async (req, res) => {
    const principal = principalOf(res);
    try {
      if (!isDlqId(req.params.dlqId)) throw new DlqRecordNotFoundError({ dlqIds: [req.params.dlqId] });
      const detail = await triage.showDlq(req.params.dlqId);
      const documents = mayReadDocuments(principal, options.documents.access);
      const document = documents ? dlqDocument({ registry: options.registry, record: detail.record }) : null;
      const original = documents
        ? await originalOf({
            jobData: detail.record.input,
            documents: options.documents,
            downloadHref: `/dlq/${encodeURIComponent(detail.record.dlqId)}/document`,
          })
        : null;
      const page = { principal, csrf: csrfOf(res), detail, document, original, documents, now: now() };
      send(res, 200, dlqDetailPage(page));
    } catch (error) {
      if (!(error instanceof DlqRecordNotFoundError)) throw error;
      send(
        res,
        404,
        layout({ title: 'Not found', principal, csrf: csrfOf(res), body: html`<p>${error.message}.</p>` }),
      );
    }
  });

  router.get('/fingerprints', async (_req, res) => {
    const groups = await triage.fingerprintGroups();
    send(res, 200, fingerprintsPage({ principal: principalOf(res), csrf: csrfOf(res), groups, now: now() }));
  });

  router.post(
    '/replay',
    express.urlencoded({ extended: false, limit: '64kb' }),
    adminFormGuard(signer, 'replaying'),
    async (req: Request, res) => {
      const principal = principalOf(res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const csrf = csrfOf(res);
      try {
        const selectors = withDlqIds(
          selectorsFromText({ ...textFields(body, SELECTOR_FIELDS), all: body.all === '1' }, now()),
        );
        const overrides = overridesFromText(textFields(body, ['toVersion', 'model', 'maxAttempts']));
        const report = await triage.replayDlq({
          selectors,
          overrides,
          force: body.force === '1',
          dryRun: body.dryRun === '1',
          rate: options.replayRate,
          concurrency: options.replayConcurrency,
        });
        log.info(
          {
            user: principal.name,
            dryRun: report.dryRun,
            matched: report.matched,
            replayed: report.replayed,
            skipped: report.skipped.length,
            failed: report.failed.length,
          },
          'replay from the dashboard',
        );
        send(res, report.failed.length > 0 ? 422 : 200, replayResultPage({ principal, csrf, report }));
      } catch (error) {
        if (error instanceof SelectorError || error instanceof ReplayOptionsError) {
          send(res, 400, replayResultPage({ principal, csrf, problems: error.problems }));
          return;
        }
        if (error instanceof DlqRecordNotFoundError) {
          send(res, 404, replayResultPage({ principal, csrf, problems: [error.message] }));
          return;
        }
        throw error;
      }
    },
  );

  return router;
}
