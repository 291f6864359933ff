import { ApiEnv } from '@quarry/api';
import { DemoEnv } from '@quarry/app-demo/demo-config';
import { BlobEnv } from '@quarry/blobs';
import { CliAnthropicEnv, CliEnv, CliModelsEnv, CliTriageEnv, CliWebhookEnv } from '@quarry/cli';
import { DashboardEnv } from '@quarry/dashboard';
import { WorkerEnv } from '@quarry/worker';
import { type EnvVariableDoc, envVariableDocs } from './env-variable-docs';
import { generatedNotice } from './generated-notice';

/** One program's variables (or those it reads besides another's). */
interface EnvSection {
  readonly title: string;
  readonly intro: string;
  readonly variables: readonly EnvVariableDoc[];
}

/** A description without a line break, so a list item stays one item. */
const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replaceAll('](docs/', '](../');

/** What applies when unset, as a phrase: a default, or that there is none. */
const unsetPhrase = (whenUnset: string): string =>
  ['unset', 'none', 'unset (none)'].includes(whenUnset) ? 'optional' : `default ${whenUnset}`;

function variableLine(doc: EnvVariableDoc): string {
  const description = doc.description === '' ? '' : ` ${oneLine(doc.description)}`;
  const unset = doc.whenUnset === 'required' ? 'required' : unsetPhrase(doc.whenUnset);
  return `- \`${doc.name}\` (${oneLine(doc.type)}; ${unset}):${description}`;
}

function sectionText(section: EnvSection): string {
  return [`## ${section.title}`, '', section.intro, '', ...section.variables.map(variableLine)].join('\n');
}

/** The variables of `docs` that `than` does not name. */
const besides = (docs: readonly EnvVariableDoc[], than: readonly EnvVariableDoc[]): EnvVariableDoc[] =>
  docs.filter((doc) => !than.some((other) => other.name === doc.name));

function sections(): EnvSection[] {
  const cli = envVariableDocs(CliEnv);
  return [
    {
      title: 'Worker (`pnpm worker`)',
      intro: 'Read through `WorkerEnv` (`@quarry/worker`); the blob store variables below too.',
      variables: envVariableDocs(WorkerEnv),
    },
    {
      title: 'Dashboard (`pnpm dashboard`)',
      intro: 'Read through `DashboardEnv` (`@quarry/dashboard`); the blob store variables below too.',
      variables: envVariableDocs(DashboardEnv),
    },
    {
      title: 'HTTP API (`pnpm api`)',
      intro: 'Read through `ApiEnv` (`@quarry/api`); the blob store variables below too.',
      variables: envVariableDocs(ApiEnv),
    },
    {
      title: 'CLI (`pnpm quarry …`): every command',
      intro: 'Read through `CliEnv` (`@quarry/cli`).',
      variables: cli,
    },
    {
      title: 'CLI: the DLQ commands, besides',
      intro: 'Read through `CliTriageEnv`, with the bounds and defaults the dashboard uses.',
      variables: besides(envVariableDocs(CliTriageEnv), cli),
    },
    {
      title: 'CLI: `quarry batches cancel`, besides',
      intro: "Read through `CliAnthropicEnv`, the worker's Anthropic API variables.",
      variables: besides(envVariableDocs(CliAnthropicEnv), cli),
    },
    {
      title: 'CLI: `quarry webhooks`, besides',
      intro:
        "Read through `CliWebhookEnv`, the worker's webhook delivery variables (`test` sends as the worker would).",
      variables: besides(envVariableDocs(CliWebhookEnv), cli),
    },
    {
      title: 'CLI: `quarry enqueue --file`, besides',
      intro:
        'Read through `CliModelsEnv` (no default model: unset, the strictest limits apply) and the blob store variables.',
      variables: envVariableDocs(CliModelsEnv),
    },
    {
      title: 'Blob store (worker, dashboard, CLI)',
      intro:
        "Read through `BlobEnv` (`@quarry/blobs`); the worker, the CLI and the dashboard must name the same store (a relative `QUARRY_BLOB_DIR` is resolved against each one's working directory).",
      variables: envVariableDocs(BlobEnv),
    },
    {
      title: 'Demo (`pnpm demo`)',
      intro: 'Read through `DemoEnv` (`apps/demo`).',
      variables: envVariableDocs(DemoEnv),
    },
  ];
}

/** docs/reference/configuration.md: every environment variable of every program, from the schemas. */
export function configurationPage(): string {
  return [
    '# Configuration reference',
    '',
    generatedNotice,
    '',
    'Every Quarry program reads its settings from environment variables through one zod schema per program.',
    'Empty variables count as unset. A bad value stops the program at start with a `ConfigError` naming',
    'every bad variable and the form it expects; secrets are never echoed back. Each line gives the',
    'variable, the form it takes, what applies when it is unset, and what it does. The descriptions live',
    'in the schemas (`.meta({ description })`); edit them there.',
    '',
    ...sections().flatMap((section) => [sectionText(section), '']),
  ].join('\n');
}
