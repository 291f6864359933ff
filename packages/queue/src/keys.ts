import { createHash } from 'node:crypto';

/** A key prefix is hash-tagged when it holds a non-empty `{...}` section: Redis Cluster hashes only that part. */
const HASH_TAG = /\{[^{}]+\}/;

/** Options of {@link quarryKeys}. */
export interface QuarryKeysOptions {
  /** Hash-tagged prefix shared with BullMQ's own keys, e.g. `{quarry}`. */
  readonly prefix: string;
  /** The extraction queue these keys belong to. Default `extraction`. */
  readonly queueName?: string;
}

/** The Redis keys of one error history: a sorted set of decayed scores, a hash of details and one of lesson effects. */
export interface HistoryKeys {
  /** Sorted set: signature → decayed score relative to the reference time kept in `details`. */
  readonly scores: string;
  /** Hash: `ref` (reference time, ms) and per signature `c:` count, `f:` first seen, `l:` last seen, `e:` example. */
  readonly details: string;
  /**
   * Hash of the lessons' effects, decayed counts relative to its own `ref` (ms): `t` jobs counted,
   * and per signature `sj:` jobs shown it, `se:` of those the ones whose first attempt made it, `ae:`
   * every counted job whose first attempt made it, `b:` the `t` its current period began at (its
   * last retirement), `r:` `<retired at ms>:<shown rate>:<not-shown rate>` while retired.
   */
  readonly effect: string;
}

/** What a dashboard login-failure counter counts: failures from one client address, or for one account name. */
export type LoginFailureScope = 'client' | 'account';

/** Every Redis key Quarry writes itself (BullMQ names its own keys under the same prefix). */
export interface QuarryKeys {
  readonly prefix: string;
  readonly queueName: string;
  /**
   * Hash of one job generation's attempt records (`jobKey` from `attemptJobKey`), field = attempt
   * number, value = AttemptRecord JSON.
   */
  attempts(jobKey: string): string;
  /**
   * String: the span context of one job generation's first run (`jobKey` from `attemptJobKey`), kept
   * as long as its attempt records, written only while tracing is on (`FirstRunTraceStore`).
   */
  firstRunTrace(jobKey: string): string;
  /** Counter of how often a job was put back after a 429 without consuming a job attempt. */
  rateLimitBounces(jobId: string): string;
  /** String: the Files API id of a document's bytes (by content hash, `sha256:<hex>`), with a TTL below the file's own expiry. */
  documentFile(contentKey: string): string;
  /** String holding the job id an idempotency key maps to, with the retention window as its TTL. */
  idempotency(idempotencyKey: string): string;
  /** Hash: source job id → id of its dead-letter record (the latest generation). */
  dlqIndex(): string;
  /**
   * Hash of one split job's pieces (`splitId` from the parent): `plan` (the split plan JSON), and per
   * child `r:<index>` its result, `f:<index>` its failure. Outlives the parent's replays so that a
   * completed child is never paid again.
   */
  split(splitId: string): string;
  /** The sorted-set indexes of the DLQ records and their per-fingerprint group summaries (see {@link DlqIndexKeys}). */
  readonly dlq: DlqIndexKeys;
  /** Sorted set of completed jobs flagged `needsReview` and not yet acknowledged: job id → flagged at (ms). */
  reviewPending(): string;
  /** Hash: job id → ReviewEntry JSON of each job in `reviewPending`. */
  reviewEntries(): string;
  /** String: a dashboard session (JSON) under the hash of its cookie token, with the session's lifetime as its TTL. */
  dashboardSession(token: string): string;
  /** Counter of failed dashboard logins of one client address or account name in the current window (TTL). */
  loginFailures(scope: LoginFailureScope, id: string): string;
  /** Hash: HTTP API key id → `ApiKeyRecord` JSON (only the key's SHA-256 digest, never the key), shared by every queue. */
  apiKeys(): string;
  /**
   * String: the body digest an `Idempotency-Key` of one API key was first used with, with the
   * idempotency retention as its TTL (the key itself only as a digest in the name).
   */
  apiIdempotency(apiKeyId: string, idempotencyKey: string): string;
  /** Counter of one API key's requests in the current rate-limit window (TTL), shared by every queue. */
  apiRate(apiKeyId: string): string;
  /** The error history of a workflow version, optionally narrowed to a scope such as a tenant. */
  history(workflow: string, version: number, scope?: string): HistoryKeys;
  /** The batch lane's keys (see docs/batch-lane.md). */
  readonly batch: BatchKeys;
  /**
   * Hash: the shared rate-limit budget of one API key (only its SHA-256 digest is in the name) and
   * model class, shared by every queue under the prefix (see `pacer-draw-1`).
   */
  pacerBudget(apiKey: string, rateLimitClass: string): string;
  /** Per workflow version statistics in time buckets, shared by queues (see {@link WorkflowStatsKeys}). */
  readonly workflowStats: WorkflowStatsKeys;
  /** The marks that keep blobs from `blobs gc` while they are being enqueued (see {@link BlobGcKeys}). */
  readonly blobGc: BlobGcKeys;
  /** The stored evaluation runs, shared by every queue under the prefix (see {@link EvalRunKeys}). */
  readonly evalRuns: EvalRunKeys;
  /** The stored labelled sets, shared by every queue under the prefix (see {@link LabelledSetKeys}). */
  readonly labelledSets: LabelledSetKeys;
  /** The completion webhooks of this queue: subscriptions, delivery history and the delivery DLQ (see {@link WebhookKeys}). */
  readonly webhooks: WebhookKeys;
  /** Tenants: settings, fair order, concurrency slots, budgets and usage (see {@link TenantKeys}). */
  readonly tenants: TenantKeys;
}

/**
 * Keys of tenants (tenant ids are `TenantId`s: safe in a key as they are). Settings, spend and usage
 * are shared by every queue under the prefix; the fair order, slots and parked jobs are per queue.
 */
export interface TenantKeys {
  /** Hash: tenant id → `TenantSettings` JSON. */
  settings(): string;
  /**
   * Hash of the queue's fair order (`fair-stamp-3`): `f:<tenant>` the tenant's finish tag and `v`
   * the latest start tag given, in levels of weighted input tokens.
   */
  fair(): string;
  /** Hash: job id → USD still reserved, one field per running job of a gated tenant (`tenant-admit-5`). */
  slots(tenant: string): string;
  /** Sorted set: job id → ms it waits until, the tenant's jobs parked by its gate. */
  parked(tenant: string): string;
  /** String: USD a tenant spent in one period (`YYYY-MM-DD` or `YYYY-MM`), expiring after it. */
  spend(tenant: string, period: string): string;
  /** Hash: a tenant's usage counters on one UTC day (`YYYY-MM-DD`), expiring after its month. */
  usage(tenant: string, day: string): string;
  /** Sorted set: tenant id → last ms a job of it was enqueued or run, the tenants worth listing. */
  seen(): string;
}

/** Keys of the completion webhooks (`WebhookSubscriptionStore`, `WebhookDeliveryDlq`), per queue. */
export interface WebhookKeys {
  /** Hash: subscription id → stored subscription JSON (its secret included). */
  subscriptions(): string;
  /** Set: the ids of the subscriptions of one workflow. */
  byWorkflow(workflow: string): string;
  /** List, newest first and capped: one subscription's delivery outcomes (JSON). */
  deliveries(subscriptionId: string): string;
  /** Hash: delivery id → failed delivery JSON (its data and attempt history). */
  dlq(): string;
  /** Sorted set: delivery id → when it failed for good (ms). */
  dlqByTime(): string;
}

/** Keys of the stored evaluation runs (`EvalRunStore`). Run ids are 1-64 of `[A-Za-z0-9_-]`. */
export interface EvalRunKeys {
  /** Sorted set: run id → when the run was stored (ms). */
  index(): string;
  /** String: one run's stored JSON, expiring at the end of its retention. */
  run(runId: string): string;
  /** String: one run's listing alone (what `list` reads), expiring with the run. */
  listing(runId: string): string;
}

/**
 * Keys of the stored labelled sets (`LabelledSetStore`), all written in one script
 * (`put-labelled-item-7`). Set names are 1-64 of `[A-Za-z0-9._-]`, so they are key parts as they are.
 */
export interface LabelledSetKeys {
  /** Sorted set: set name → when an item was last put (ms). */
  index(): string;
  /** Hash: item id → `LabelledItem` JSON. */
  items(set: string): string;
  /** Sorted set, every score 0: the item ids, paged in id order (ZRANGEBYLEX). */
  ids(set: string): string;
  /** Hash: item id → the workflow the item names (only items that name one). */
  itemWorkflows(set: string): string;
  /** Hash: workflow name → how many items name it. */
  workflows(set: string): string;
}

/** Keys that tie producers and `blobs gc` together, shared by every queue under the prefix. */
export interface BlobGcKeys {
  /** Sorted set: blob key → when a producer last said it is about to refer to it (ms, Redis time). */
  marks(): string;
  /** Hash: blob key → `<claimed at ms>:<owner>` of a gc deleting it now. */
  deleting(): string;
}

/** Keys of the workflow statistics (`WorkflowStatsStore`). */
export interface WorkflowStatsKeys {
  /** Sorted set: `<workflow>@v<version>` (workflow URI-encoded) → when it was last recorded (ms). */
  index(): string;
  /** Hash of one workflow version's counters in the time bucket starting at `bucketStartMs`; expires. */
  bucket(workflow: string, version: number, bucketStartMs: number): string;
  /**
   * Hash of one workflow version's decayed counters (`ref` time, `f` first attempts, `ff` first-attempt
   * failures, `cr` cache-read tokens, `pt` prompt tokens), what cache placement judges by; expires.
   */
  rate(workflow: string, version: number): string;
}

/**
 * The batch lane's keys. An entry is one batch-lane attempt, named by its ref `<job key>#<attempt>`;
 * its state says whether it waits in a model's collector (owner ''), in an intent (`intent:<id>`)
 * or in a submitted batch (the batch id).
 */
export interface BatchKeys {
  /**
   * Hash: ref → entry JSON `{ j: job id, m: model, b: owner, s: waiting since (ms), d?: deadline (ms),
   * f?: document file id of its submitted request, l?: file id it was put back for once lost }`.
   */
  entries(): string;
  /** Sorted set of the refs waiting in one model's collector: ref → waiting since (ms). */
  waiting(model: string): string;
  /** Set of the models that have had a collector. */
  models(): string;
  /** Sorted set of the entries with a deadline: ref → deadline (ms). */
  deadlines(): string;
  /** String: the stored outcome of one attempt (JSON), written once (SET NX). */
  result(ref: string): string;
  /** Sorted set of the submissions saved before their create call: intent id → created at (ms). */
  intents(): string;
  /** Hash: `model`, `createdAt`, `state` (`pending`, or `unknown` once its create failed without an answer). */
  intent(intentId: string): string;
  /** Hash: custom_id → ref of an intent's entries. */
  intentEntries(intentId: string): string;
  /** Sorted set of the batches in flight: batch id → submitted at (ms). */
  inFlight(): string;
  /** Hash of a batch in flight: the intent's fields, `batchId` and `submittedAt`. */
  meta(batchId: string): string;
  /** Hash: custom_id → ref of a batch's entries. */
  members(batchId: string): string;
  /** Sorted set of every batch this queue created or adopted: batch id → seen at (ms). */
  known(): string;
  /** String: the owner of a coordinator lease (`submit:<model>`, `poll`), with its lifetime as TTL. */
  lease(name: string): string;
  /** Sorted set of the batches operators are shown (in flight and recently ended): batch id → submitted at (ms). */
  recent(): string;
  /**
   * Hash: what operators are shown of one batch: `batchId`, `model`, `submittedAt`, `requests`,
   * `status` (`in_progress`, `canceling`, `ended`), `endedAt`, `n:<result type>` counts and `costUsd`.
   */
  record(batchId: string): string;
  /** Hash: custom_id → ref of a batch's requests, kept after the batch ended. */
  recordRequests(batchId: string): string;
  /** Hash: custom_id → result type of a batch's results, each counted once. */
  recordResults(batchId: string): string;
}

/**
 * Keys of the DLQ indexes, all written in one script with the record (`index-dlq-record-14`). Every
 * sorted set holds DLQ ids scored by dead-letter time (ms), except `replayed` (scored by replay time).
 */
export interface DlqIndexKeys {
  /** String: the index version once every record is indexed (set on a fresh DLQ's first write, or by the backfill). */
  version(): string;
  /** Hash: DLQ id → index entry JSON (`DlqIndexEntry`: the facts the indexes and groups are made of). */
  entries(): string;
  /** Hash: DLQ id → `dead`, `quarantined` or `replayed` (the only fact of an entry that changes). */
  states(): string;
  /** Sorted set: every record by dead-letter time. */
  byTime(): string;
  /** Sorted set: the records of one workflow (as the record names it). */
  byWorkflow(workflow: string): string;
  /** Sorted set: the records of one reason kind, or of one label such as `refused:cyber`. */
  byReason(reason: string): string;
  /** Sorted set: the records of one fingerprint. */
  byFingerprint(fingerprint: string): string;
  /** Sorted set: replayed records by replay time (ms), for retention. */
  replayed(): string;
  /** Sorted set: fingerprint → number of records in its group. */
  groups(): string;
  /** Hash: one group's counters (`count`, `w:<workflow@vN>`, `s:replayed`, `s:quarantined`, `r:<redrives>`, `i:<signature>`) and examples (`e:<signature>`). */
  group(fingerprint: string): string;
  /** Sorted set (lexicographic): `<signature length><signature><time><DLQ id>` of each record's issues, oldest first, to keep `e:` from the oldest record. */
  groupExamples(fingerprint: string): string;
}

/** A name as a key part: as it is when short and plain, else `~` and a digest (names from job data can be anything). */
function keyPart(name: string, sha256: (text: string) => string): string {
  return /^[A-Za-z0-9._@-]{1,64}$/.test(name) ? name : `~${sha256(name).slice(0, 32)}`;
}

/** True when `prefix` contains a Redis Cluster hash tag such as `{quarry}`. */
export function isHashTagged(prefix: string): boolean {
  return HASH_TAG.test(prefix);
}

/**
 * Names every key Quarry writes, under `<prefix>:quarry:`. Per-job keys also carry the queue name
 * (BullMQ job ids are unique per queue only); history keys are per workflow, shared by queues.
 * @throws TypeError when the prefix has no hash tag: a queue, its DLQ and these keys must share a Cluster slot.
 */
export function quarryKeys(options: QuarryKeysOptions): QuarryKeys {
  const { prefix } = options;
  const queueName = options.queueName ?? 'extraction';
  if (!isHashTagged(prefix)) {
    throw new TypeError(`Key prefix "${prefix}" must contain a {hash tag}, e.g. {quarry}`);
  }
  if (queueName === '' || queueName.includes(':')) {
    throw new TypeError(`Queue name "${queueName}" must be non-empty and must not contain ":"`);
  }
  const own = `${prefix}:quarry`;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const perQueue = `${own}:${queueName}`;
  return {
    prefix,
    queueName,
    attempts: (jobKey) => `${perQueue}:attempts:${jobKey}`,
    firstRunTrace: (jobKey) => `${perQueue}:first-run-trace:${jobKey}`,
    rateLimitBounces: (jobId) => `${perQueue}:bounces:${jobId}`,
    documentFile: (contentKey) => `${perQueue}:docfile:${contentKey}`,
    idempotency: (idempotencyKey) => `${perQueue}:idem:${sha256(idempotencyKey)}`,
    dlqIndex: () => `${perQueue}:dlq-index`,
    split: (splitId) => `${perQueue}:split:${keyPart(splitId, sha256)}`,
    dlq: {
      version: () => `${perQueue}:dlq:index-version`,
      entries: () => `${perQueue}:dlq:entries`,
      states: () => `${perQueue}:dlq:states`,
      byTime: () => `${perQueue}:dlq:by-time`,
      byWorkflow: (workflow) => `${perQueue}:dlq:by-workflow:${keyPart(workflow, sha256)}`,
      byReason: (reason) => `${perQueue}:dlq:by-reason:${keyPart(reason.replace(':', '.'), sha256)}`,
      byFingerprint: (fingerprint) => `${perQueue}:dlq:by-fingerprint:${keyPart(fingerprint, sha256)}`,
      replayed: () => `${perQueue}:dlq:replayed`,
      groups: () => `${perQueue}:dlq:groups`,
      group: (fingerprint) => `${perQueue}:dlq:group:${keyPart(fingerprint, sha256)}`,
      groupExamples: (fingerprint) => `${perQueue}:dlq:group-examples:${keyPart(fingerprint, sha256)}`,
    },
    reviewPending: () => `${perQueue}:review:pending`,
    reviewEntries: () => `${perQueue}:review:entries`,
    dashboardSession: (token) => `${perQueue}:dashboard:session:${sha256(token)}`,
    loginFailures: (scope, id) => `${perQueue}:dashboard:login-failures:${scope}:${sha256(id)}`,
    apiKeys: () => `${own}:api-keys`,
    apiIdempotency: (apiKeyId, idempotencyKey) =>
      `${perQueue}:api:idem:${sha256(`${apiKeyId}\n${idempotencyKey}`)}`,
    apiRate: (apiKeyId) => `${own}:api:rate:${keyPart(apiKeyId, sha256)}`,
    batch: batchKeys(`${perQueue}:batch`),
    tenants: {
      settings: () => `${own}:tenants:settings`,
      fair: () => `${perQueue}:tenants:fair`,
      slots: (tenant) => `${perQueue}:tenants:slots:${keyPart(tenant, sha256)}`,
      parked: (tenant) => `${perQueue}:tenants:parked:${keyPart(tenant, sha256)}`,
      spend: (tenant, period) => `${own}:tenants:spend:${keyPart(tenant, sha256)}:${period}`,
      usage: (tenant, day) => `${own}:tenants:usage:${keyPart(tenant, sha256)}:${day}`,
      seen: () => `${own}:tenants:seen`,
    },
    pacerBudget: (apiKey, rateLimitClass) =>
      `${own}:pacer:${sha256(apiKey).slice(0, 32)}:${keyPart(rateLimitClass, sha256)}`,
    workflowStats: {
      index: () => `${own}:wfstats:index`,
      bucket: (workflow, version, bucketStartMs) =>
        `${own}:wfstats:${encodeURIComponent(workflow)}:v${version}:${bucketStartMs}`,
      rate: (workflow, version) => `${own}:wfstats:${encodeURIComponent(workflow)}:v${version}:rate`,
    },
    blobGc: {
      marks: () => `${own}:blobs:marks`,
      deleting: () => `${own}:blobs:deleting`,
    },
    evalRuns: {
      index: () => `${own}:eval-runs:index`,
      run: (runId) => `${own}:eval-run:${keyPart(runId, sha256)}`,
      listing: (runId) => `${own}:eval-run-listing:${keyPart(runId, sha256)}`,
    },
    labelledSets: {
      index: () => `${own}:sets:index`,
      items: (set) => `${own}:set:${keyPart(set, sha256)}:items`,
      ids: (set) => `${own}:set:${keyPart(set, sha256)}:ids`,
      itemWorkflows: (set) => `${own}:set:${keyPart(set, sha256)}:item-workflows`,
      workflows: (set) => `${own}:set:${keyPart(set, sha256)}:workflows`,
    },
    webhooks: {
      subscriptions: () => `${perQueue}:webhooks:subscriptions`,
      byWorkflow: (workflow) => `${perQueue}:webhooks:by-workflow:${keyPart(workflow, sha256)}`,
      deliveries: (subscriptionId) => `${perQueue}:webhooks:deliveries:${keyPart(subscriptionId, sha256)}`,
      dlq: () => `${perQueue}:webhooks:dlq`,
      dlqByTime: () => `${perQueue}:webhooks:dlq-by-time`,
    },
    history: (workflow, version, scope) => {
      const base = `${own}:history:${encodeURIComponent(workflow)}:v${version}${scope === undefined ? '' : `:s:${encodeURIComponent(scope)}`}`;
      return { scores: `${base}:scores`, details: `${base}:details`, effect: `${base}:effect` };
    },
  };
}

function batchKeys(base: string): BatchKeys {
  const part = (text: string) => encodeURIComponent(text);
  return {
    entries: () => `${base}:entries`,
    waiting: (model) => `${base}:waiting:${part(model)}`,
    models: () => `${base}:models`,
    deadlines: () => `${base}:deadlines`,
    result: (ref) => `${base}:result:${part(ref)}`,
    intents: () => `${base}:intents`,
    intent: (intentId) => `${base}:intent:${part(intentId)}`,
    intentEntries: (intentId) => `${base}:intent-entries:${part(intentId)}`,
    inFlight: () => `${base}:in-flight`,
    meta: (batchId) => `${base}:meta:${part(batchId)}`,
    members: (batchId) => `${base}:members:${part(batchId)}`,
    known: () => `${base}:known`,
    lease: (name) => `${base}:lease:${part(name)}`,
    recent: () => `${base}:recent`,
    record: (batchId) => `${base}:record:${part(batchId)}`,
    recordRequests: (batchId) => `${base}:record-requests:${part(batchId)}`,
    recordResults: (batchId) => `${base}:record-results:${part(batchId)}`,
  };
}

/**
 * The list BullMQ keeps a job's log lines in (`Job.log`, `getJobLogs`): `<job key>:logs`, written
 * by Quarry inside its own transactions (DLQ attempt log, replay audit line).
 */
export function bullJobLogsKey(options: {
  readonly queue: { toKey(type: string): string };
  readonly jobId: string;
}): string {
  return `${options.queue.toKey(options.jobId)}:logs`;
}
