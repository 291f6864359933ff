import { wireRefusalCategories } from './messages-wire';
import { MutationKind } from './mutation';

/** The CLI's `--help` text. */
export const cliUsage = `Usage: tsx packages/standin/src/main.ts [options]
Starts the Messages API stand-in and prints {"url": "http://127.0.0.1:PORT"} once listening.

  --config FILE             JSON options (the options of startStandin; "simulate.corpus" may be a file
                            path relative to the config file, "documentKey" a pattern string)
  --host HOST               default 127.0.0.1
  --port PORT               default 0 (any free port)
  --mode scripted|simulated default: simulated with a corpus, scripted with a script
  --script FILE             JSON array of replies (scripted mode)
  --corpus FILE             JSON array of { workflow, text | sha256, truth } (simulated mode)
  --seed N                  seed of mistakes, faults and latency (default 0)
  --mistake-rate R          share of documents whose first answer is wrong (0..1)
  --unfixable-rate R        share of documents whose mistakes are never fixed (0..1)
  --mistake-count N         mistakes per wrong answer (default 1)
  --mistake-kinds K=W,...   weights of ${MutationKind.options.join(', ')}
  --persistent W:PATH:KIND  a persistent mistake of workflow W (repeatable)
  --hallucination-rate R    share of documents whose answers invent a value absent from them (0..1)
  --hallucination-quote-rate R
                            share of invented values given a made-up quote (default 0.5)
  --labelled-set DIR        a labelled set (DIR/manifest.jsonl): its items join the corpus, their
                            expected outputs as truth
  --plant-wrong-rate R, --plant-missing-rate R, --plant-invented-rate R
                            planted field mistakes no feedback fixes: round(R × leaf fields) per
                            document of wrong, missing and invented values (0..1; see stats.planted)
  --fault-rate-limit R, --fault-overloaded R, --fault-server-error R, --fault-reset R,
  --fault-truncate R, --fault-refusal R, --fault-tool-use R, --fault-echo-request R,
  --fault-echo-key R, --fault-stall R, --retry-after SECONDS
  --fault-refusal-category C  stop_details.category of injected refusals (${wireRefusalCategories.join(', ')})
  --retry-after-header TEXT the retry-after of injected 429s, sent as it is (e.g. 999999, -5, soon)
  --latency-mean MS, --latency-jitter MS, --latency-distribution uniform|normal
  --no-record               keep no requests in memory
  --api-key KEY             answer 401 to requests with another key
  --document-key-pattern RE name documents by the first group of RE (stats.perDocument)
  --rate-limit-rpm N, --rate-limit-itpm N, --rate-limit-otpm N
                            enforce requests / input tokens / output tokens per minute per API key and
                            model class (token buckets, anthropic-ratelimit-* headers, 429 + retry-after)
  Message Batches (/v1/messages/batches):
  --batch-delay MS          processing time of every batch (default 0, at most 24 h)
  --batch-cancel-delay MS   time a canceled batch spends canceling (default 0)
  --batch-api-error R, --batch-overloaded R, --batch-invalid-request R, --batch-expired R
                            shares of entries that end errored (api_error, overloaded_error,
                            invalid_request_error) or expired (0..1, adding up to at most 1)
  --batch-drop-create R     share of creates whose response is dropped after the batch exists
  --batch-max-requests N    requests per batch (default and at most 100000)
  --batch-max-body-bytes N  create body size (default and at most 268435456)
  --batch-max-batches N, --batch-max-stored-requests N
                            memory caps (default 1000 batches, 200000 entries)
  --help`;
