import {
  type AnyWorkflow,
  BadDocumentError,
  countStructuredOutputParameters,
  documentOf,
  documentOfInput,
  documentTokenEstimate,
  estimateTokens,
  extractDefaults,
  JobDocument,
  type ModelTable,
  modelSpecOf,
  planSplit,
  type ResolvedDocument,
  type ResolvedSplitSetting,
  structuredOutputLimits,
  textPages,
  toOutputJsonSchema,
} from '@quarry/core';
import { inspectDocument } from '@quarry/documents';
import { MAX_SPLIT_CHILDREN, MAX_SPLIT_PAGES } from '@quarry/queue';
import { type DocumentResolver, readJobDocumentBytes } from '../resolve-job-document';
import type { SplitPlanRecord } from './split-plan-record';

/** Text shorter than this is one page to the planner: it cannot be over any limit the plan checks. */
type JsonSchema = ReturnType<typeof toOutputJsonSchema>;

const SHORT_TEXT_CHARS = 20_000;

const outputSchemas = new WeakMap<AnyWorkflow, JsonSchema>();

/** The output JSON Schema of a workflow, made once per workflow object. */
function outputJsonSchemaOf(workflow: AnyWorkflow): JsonSchema {
  let schema = outputSchemas.get(workflow);
  if (schema === undefined) {
    schema = toOutputJsonSchema(workflow.output);
    outputSchemas.set(workflow, schema);
  }
  return schema;
}

/** Options of {@link planJobSplit}. */
export interface PlanJobSplitOptions {
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly setting: ResolvedSplitSetting;
  /** The job's document as resolved, `'too_large'` when it is over the model's limits, undefined for a text job. */
  readonly document: ResolvedDocument | 'too_large' | undefined;
  readonly resolver: DocumentResolver | undefined;
  readonly models: ModelTable;
  readonly modelId: string;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Whether and how a job is split (`planSplit` on the job's facts): its document's pages and tokens,
 * the output schema, and the limits of the first model it runs on. Null: the job runs whole.
 * A PDF over the model's limits is read and counted here (up to `MAX_SPLIT_PAGES` pages).
 * @throws BadDocumentError when such a PDF cannot be read or is over `MAX_SPLIT_PAGES`.
 */
export async function planJobSplit(options: PlanJobSplitOptions): Promise<SplitPlanRecord | null> {
  const { workflow } = options;
  if (!schemaMaySplit(workflow, options.setting) && smallDocument(options)) return null;
  const facts = await documentFacts(options);
  const modelId = workflow.models?.[0] ?? workflow.model ?? options.modelId;
  const spec = modelSpecOf(modelId, options.models);
  const plan = planSplit({
    setting: options.setting,
    outputJsonSchema: outputJsonSchemaOf(workflow),
    document: { pages: facts.pages, tokens: facts.tokens },
    model: {
      maxPdfPages: spec?.documents.maxPdfPages ?? 100,
      contextTokens: spec?.contextTokens ?? 200_000,
      maxOutputTokens: Math.max(
        workflow.maxTokens ?? extractDefaults.maxTokens,
        extractDefaults.maxTokensCap,
      ),
    },
  });
  switch (plan.kind) {
    case 'whole':
      return null;
    case 'split': {
      const pagesSplit = plan.windows.length > 1;
      const fieldsSplit = plan.groups.length > 1;
      const children = (pagesSplit ? plan.windows.length : 1) * (fieldsSplit ? plan.groups.length : 1);
      if (children > MAX_SPLIT_CHILDREN) {
        throw new BadDocumentError({
          kind: 'document_too_large',
          message: `the job would split into ${children} children (${plan.windows.length} page windows × ${plan.groups.length} field groups); at most ${MAX_SPLIT_CHILDREN}: use larger split.pages.window or fewer field groups`,
        });
      }
      return {
        version: 1,
        source: pagesSplit ? facts.source : 'none',
        pages: pagesSplit ? facts.pages : null,
        reasons: [...plan.reasons],
        windows: pagesSplit
          ? plan.windows.map(({ index, firstPage, lastPage }) => ({ index, firstPage, lastPage }))
          : [{ index: 0, firstPage: 1, lastPage: 1 }],
        groups: fieldsSplit ? plan.groups.map((group) => [...group]) : null,
      };
    }
  }
}

const schemaSplits = new WeakMap<AnyWorkflow, boolean>();

/** Whether the workflow's fields split: groups given, or a schema over the structured-output limits (once per workflow). */
function schemaMaySplit(workflow: AnyWorkflow, setting: ResolvedSplitSetting): boolean {
  let splits = schemaSplits.get(workflow);
  if (splits === undefined) {
    const counts = countStructuredOutputParameters(outputJsonSchemaOf(workflow));
    splits =
      setting.fields !== 'auto' ||
      counts.optionalParameters > structuredOutputLimits.maxOptionalParameters ||
      counts.unionParameters > structuredOutputLimits.maxUnionParameters;
    schemaSplits.set(workflow, splits);
  }
  return splits;
}

/**
 * A document no page rule can split: a text under {@link SHORT_TEXT_CHARS} (of at most one window
 * of pages when the workflow names `pages`), a PDF of at most one window of pages, an image. Decided without planning, so a job that runs whole pays nothing more.
 */
function smallDocument(options: PlanJobSplitOptions): boolean {
  const { document, setting } = options;
  if (document === 'too_large') return false;
  if (document === undefined) {
    const text = documentOf(options.workflow, options.input);
    if (setting.pages.forced) return textPages(text).length <= setting.pages.window;
    return text.length <= SHORT_TEXT_CHARS;
  }
  if (document.mediaType !== 'application/pdf') return true;
  return document.pageStarts !== null && document.pageStarts.length <= setting.pages.window;
}

interface DocumentFacts {
  readonly source: 'pdf' | 'text';
  readonly pages: number | null;
  readonly tokens: number;
}

async function documentFacts(options: PlanJobSplitOptions): Promise<DocumentFacts> {
  const { document } = options;
  if (document === undefined) return textFacts(options);
  if (document !== 'too_large') {
    if (document.mediaType !== 'application/pdf')
      return { source: 'pdf', pages: null, tokens: document.estimatedTokens };
    if (document.pageStarts !== null || !options.setting.pages.forced) {
      return { source: 'pdf', pages: document.pageStarts?.length ?? null, tokens: document.estimatedTokens };
    }
  }
  return pdfFacts(options);
}

function textFacts(options: PlanJobSplitOptions): DocumentFacts {
  const text = documentOf(options.workflow, options.input);
  const tokens = estimateTokens(text);
  const counted = options.setting.pages.forced || text.length > SHORT_TEXT_CHARS;
  return { source: 'text', pages: counted ? textPages(text).length : 1, tokens };
}

/** A PDF's pages counted from its bytes, up to the split limit. */
async function pdfFacts(options: PlanJobSplitOptions): Promise<DocumentFacts> {
  const document = JobDocument.parse(documentOfInput(options.input));
  const bytes = await readJobDocumentBytes({
    document,
    blobs: options.resolver?.blobs ?? null,
    signal: options.signal,
  });
  const inspection = await inspectDocument({
    bytes,
    claimedMediaType: document.mediaType,
    limits: { maxPages: MAX_SPLIT_PAGES, maxPdfBytes: Math.max(bytes.byteLength, 1) },
    signal: options.signal,
  });
  if (inspection.type === 'refused' || inspection.mediaType !== 'application/pdf') {
    throw new BadDocumentError({
      kind:
        inspection.type === 'refused' && inspection.reason === 'document_too_large'
          ? 'document_too_large'
          : 'bad_document',
      message: `input.document: ${inspection.type === 'refused' ? inspection.detail : 'only a PDF can be split into pages'}`,
    });
  }
  const pages = inspection.pages ?? 1;
  return { source: 'pdf', pages, tokens: documentTokenEstimate({ kind: 'pdf', pages, pageTextChars: null }) };
}
