import type { Effort } from '@quarry/core';
import type { z } from 'zod';
import { CorpusIndex, type PageRun } from './corpus-index';
import { effortMistake } from './effort-mistake';
import { addEvidence } from './evidence-quotes';
import { fitToSchema } from './fit-to-schema';
import { planHallucination } from './hallucination';
import { expandPath, formatPath, type JsonPath, parsePath, setAt } from './json-path';
import { mentionsPath } from './mentions-path';
import type { MessagesRequestBody } from './messages-wire';
import { planMistakes } from './mistake-plan';
import { modelMistake } from './model-mistake';
import { applyMutation, type MutationKind } from './mutation';
import { applyPlantedMistakes, planPlantedMistakes } from './planted-mistakes';
import { PlantedRecorder } from './planted-report';
import { estimateTokens } from './prompt-cache';
import { type RequestStrategy, strategySchema } from './request-strategy';
import { type RequestText, requestText } from './request-text';
import type { CorpusEntry, SimulateOptions } from './standin-options';
import type { StandinReply } from './standin-reply';
import { visibleTruth } from './visible-truth';

/** What the simulated model did, summed over its replies. */
export interface SimulationCounters {
  /** Random mistakes put into replies. */
  injected: number;
  /** Random mistakes left out because feedback named their path. */
  fixed: number;
  /** Persistent mistakes put into replies. */
  persistent: number;
  /** Persistent mistakes left out because the request named their path. */
  persistentAvoided: number;
  /** Requests whose document is not in the corpus (answered 400). */
  unknownDocuments: number;
  /** Answers longer than `max_tokens`, cut with `stop_reason: 'max_tokens'`. */
  truncated: number;
  /** Mistakes made because the request's effort was too low for the document (see `effortSkill`). */
  effortMistakes: number;
  /** Mistakes made because the request's model is not skilled enough for the document (see `modelSkill`). */
  modelMistakes: number;
  /** Such mistakes left out because feedback named their path and the model could fix them. */
  modelMistakesFixed: number;
  /** Invented values put into replies (see `hallucinations`). */
  hallucinated: number;
  /** Invented values left out because feedback named their path. */
  hallucinationsFixed: number;
}

interface CompiledPersistentMistake {
  readonly path: JsonPath;
  readonly mutation: MutationKind;
}

/**
 * A model that knows the true answer of every corpus document and gets it wrong in controlled
 * ways: seeded random mistakes fixed when feedback names their path, persistent per-workflow
 * mistakes avoided when the request names their path outside the document, a mistake no feedback
 * fixes on documents its effort is too low for (`effortSkill`), mistakes on documents the request's
 * model is not skilled enough for, fixed by feedback only as often as its skill (`modelSkill`),
 * and answers cut at `max_tokens`
 * like a real model, and (`hallucinations`) values invented for a share of documents, dropped once
 * feedback names them. A request whose schema asks for evidence (`_evidence`, see `@quarry/grounding`)
 * gets, for each field, the line of the document that shows its true value. With `plant`, each
 * document's answers carry its planted field mistakes, which no feedback changes (see `planted`).
 * A document not in the corpus gets a 400.
 */
export class SimulatedModel {
  readonly counters: SimulationCounters = {
    injected: 0,
    fixed: 0,
    persistent: 0,
    persistentAvoided: 0,
    unknownDocuments: 0,
    truncated: 0,
    effortMistakes: 0,
    modelMistakes: 0,
    modelMistakesFixed: 0,
    hallucinated: 0,
    hallucinationsFixed: 0,
  };
  readonly #options: z.output<typeof SimulateOptions>;
  readonly #seed: number;
  readonly #index: CorpusIndex;
  readonly #persistent = new Map<string, CompiledPersistentMistake[]>();
  /** The planted mistakes of every document answered; null without `plant`. */
  readonly planted: PlantedRecorder | null;

  constructor(options: { readonly simulate: z.output<typeof SimulateOptions>; readonly seed: number }) {
    this.#options = options.simulate;
    this.#seed = options.simulate.seed ?? options.seed;
    this.#index = new CorpusIndex(options.simulate.corpus);
    this.planted = options.simulate.plant ? new PlantedRecorder() : null;
    for (const mistake of options.simulate.persistentMistakes) {
      const list = this.#persistent.get(mistake.workflow) ?? [];
      list.push({ path: parsePath(mistake.path), mutation: mistake.mutation });
      this.#persistent.set(mistake.workflow, list);
    }
  }

  /** The corpus entry of the request's document, by its bytes or its text, or the entry it shows pages of. */
  find(text: RequestText): CorpusEntry | undefined {
    return this.#locate(text)?.entry;
  }

  /** The whole entry the document is (`pages: null`), else the run of an entry's pages it shows. */
  #locate(text: RequestText): { readonly entry: CorpusEntry; readonly pages: PageRun | null } | undefined {
    const whole = this.#index.find(text.document, text.fingerprint);
    if (whole) return { entry: whole, pages: null };
    if (text.unreadable) return undefined;
    const pages = this.#index.findPages(text.document);
    return pages ? { entry: pages.entry, pages } : undefined;
  }

  reply(request: {
    readonly body: MessagesRequestBody;
    readonly strategy: RequestStrategy;
    readonly documentKey: string;
    /** The effort the model answers at. */
    readonly effort: Effort;
  }): StandinReply {
    const model = request.body.model;
    const { body, strategy, documentKey } = request;
    const text = requestText(body);
    const located = this.#locate(text);
    if (!located) {
      this.counters.unknownDocuments++;
      return {
        kind: 'error',
        status: 400,
        message:
          'The stand-in knows no corpus document contained in the first text block of the first user message',
      };
    }
    const schema = strategySchema(strategy);
    // A run of an entry's pages (a page window of a long document) shows only part of its truth;
    // a request for some of the fields (a field group of a wide schema) gets only those.
    const shown = located.pages
      ? visibleTruth({ truth: located.entry.truth, document: text.document })
      : located.entry.truth;
    const entry: CorpusEntry = {
      ...located.entry,
      truth: fitToSchema(shown, schema) as CorpusEntry['truth'],
    };
    const value: unknown = structuredClone(entry.truth);
    const outsideDocument = `${text.lessons}\n${text.feedback}`;
    for (const mistake of this.#persistent.get(entry.workflow) ?? []) {
      let applied = false;
      let avoided = false;
      for (const path of expandPath(value, mistake.path)) {
        if (mentionsPath(outsideDocument, path)) avoided = true;
        else applied = applyMutation({ target: value, path, kind: mistake.mutation, schema }) || applied;
      }
      if (applied) this.counters.persistent++;
      else if (avoided) this.counters.persistentAvoided++;
    }
    const plan = planMistakes({
      seed: this.#seed,
      documentKey,
      truth: entry.truth,
      schema,
      mistakes: this.#options.mistakes,
    });
    for (const mistake of plan.mistakes) {
      if (!plan.unfixable && mentionsPath(text.feedback, mistake.path)) this.counters.fixed++;
      else if (applyMutation({ target: value, path: mistake.path, kind: mistake.kind, schema }))
        this.counters.injected++;
    }
    const tooLittleEffort = effortMistake({
      seed: this.#seed,
      documentKey,
      truth: entry.truth,
      schema,
      effort: request.effort,
      skill: this.#options.effortSkill,
    });
    if (
      tooLittleEffort &&
      applyMutation({ target: value, path: tooLittleEffort.path, kind: tooLittleEffort.kind, schema })
    )
      this.counters.effortMistakes++;
    const unskilled = modelMistake({
      seed: this.#seed,
      documentKey,
      truth: entry.truth,
      schema,
      model,
      skill: this.#options.modelSkill,
    });
    if (unskilled) {
      if (unskilled.fixable && mentionsPath(text.feedback, unskilled.mistake.path))
        this.counters.modelMistakesFixed++;
      else if (
        applyMutation({ target: value, path: unskilled.mistake.path, kind: unskilled.mistake.kind, schema })
      )
        this.counters.modelMistakes++;
    }
    const quotes = this.#hallucinate({
      value,
      truth: entry.truth,
      schema,
      documentKey,
      feedback: text.feedback,
    });
    for (const [path, quote] of this.#plant({ value, entry, schema, documentKey })) quotes.set(path, quote);
    // A document known by its bytes is quoted from its text layer (none for an image or a scan).
    // A page window is quoted from the pages it shows.
    const document = (located.pages ? undefined : entry.text) ?? (text.unreadable ? '' : text.document);
    addEvidence({ value, truth: entry.truth, schema, document, quotes });
    const json = JSON.stringify(value);
    if (estimateTokens(json.length) > body.max_tokens) {
      this.counters.truncated++;
      return { kind: 'truncated', text: json.slice(0, body.max_tokens * 4) };
    }
    return { kind: 'json', value };
  }

  /** Puts the document's planted mistakes into the answer, whatever the feedback; returns their quotes by path. */
  #plant(options: {
    readonly value: unknown;
    readonly entry: CorpusEntry;
    readonly schema: Readonly<Record<string, unknown>> | null;
    readonly documentKey: string;
  }): Map<string, string | null> {
    const { plant } = this.#options;
    if (!plant || !this.planted) return new Map();
    const { entry, documentKey } = options;
    const plan = planPlantedMistakes({
      seed: this.#seed,
      documentKey,
      truth: entry.truth,
      schema: options.schema,
      plant,
    });
    this.planted.record({ documentKey, id: entry.id ?? null, workflow: entry.workflow, plan });
    return applyPlantedMistakes(options.value, plan);
  }

  /** Puts the document's invented value into the answer unless feedback named it; returns made-up quotes by path. */
  #hallucinate(options: {
    readonly value: unknown;
    readonly truth: unknown;
    readonly schema: Readonly<Record<string, unknown>> | null;
    readonly documentKey: string;
    readonly feedback: string;
  }): Map<string, string | null> {
    const quotes = new Map<string, string | null>();
    const invented = planHallucination({
      seed: this.#seed,
      documentKey: options.documentKey,
      truth: options.truth,
      schema: options.schema,
      hallucinations: this.#options.hallucinations,
    });
    if (!invented) return quotes;
    if (mentionsPath(options.feedback, invented.path)) this.counters.hallucinationsFixed++;
    else if (setAt(options.value, invented.path, invented.value)) {
      this.counters.hallucinated++;
      if (invented.quote !== null) quotes.set(formatPath(invented.path), invented.quote);
    }
    return quotes;
  }
}
