import { ApiEnv } from '@quarry/api';
import { DemoEnv } from '@quarry/app-demo/demo-config';
import { BlobEnv } from '@quarry/blobs';
import { CliAnthropicEnv, CliModelsEnv, CliTriageEnv, CliWebhookEnv } from '@quarry/cli';
import { DashboardEnv } from '@quarry/dashboard';
import { envVariables } from '@quarry/env';
import { WorkerEnv } from '@quarry/worker';
import { describe, expect, it } from 'vitest';
import { configurationPage } from './configuration-page';
import { envVariableDocs } from './env-variable-docs';

describe('the configuration reference', () => {
  it('lists every variable of every program, each described in its schema', () => {
    const page = configurationPage();
    for (const schema of [
      WorkerEnv,
      DashboardEnv,
      CliTriageEnv,
      CliAnthropicEnv,
      CliModelsEnv,
      CliWebhookEnv,
      ApiEnv,
      BlobEnv,
      DemoEnv,
    ]) {
      for (const name of envVariables(schema)) expect(page).toContain(`- \`${name}\` (`);
      for (const doc of envVariableDocs(schema)) expect(doc.description, doc.name).not.toBe('');
    }
  });
});
