import type { CliCommand } from '../cli-command';
import { apiKeysCreateCommand } from './api-keys-create-command';
import { apiKeysListCommand } from './api-keys-list-command';
import { apiKeysRevokeCommand } from './api-keys-revoke-command';
import { batchesCancelCommand } from './batches-cancel-command';
import { batchesListCommand } from './batches-list-command';
import { batchesShowCommand } from './batches-show-command';
import { blobsGcCommand } from './blobs-gc-command';
import { dlqGroupsCommand } from './dlq-groups-command';
import { dlqListCommand } from './dlq-list-command';
import { dlqPruneCommand } from './dlq-prune-command';
import { dlqShowCommand } from './dlq-show-command';
import { enqueueCommand } from './enqueue-command';
import { evalCanaryCommand } from './eval-canary-command';
import { evalDeleteCommand } from './eval-delete-command';
import { evalExportCommand } from './eval-export-command';
import { evalImportCommand } from './eval-import-command';
import { evalRunCommand } from './eval-run-command';
import { evalRunsCommand } from './eval-runs-command';
import { evalSetsCommand } from './eval-sets-command';
import { replayDlqCommand } from './replay-dlq-command';
import { reviewAckCommand } from './review-ack-command';
import { reviewCorrectCommand } from './review-correct-command';
import { reviewListCommand } from './review-list-command';
import { tenantsListCommand } from './tenants-list-command';
import { tenantsSetCommand } from './tenants-set-command';
import { webhooksAddCommand } from './webhooks-add-command';
import { webhooksListCommand } from './webhooks-list-command';
import { webhooksRemoveCommand } from './webhooks-remove-command';
import { webhooksReplayCommand } from './webhooks-replay-command';
import { webhooksTestCommand } from './webhooks-test-command';
import { workflowsListCommand } from './workflows-list-command';
import { workflowsShowCommand } from './workflows-show-command';
import { workflowsStatsCommand } from './workflows-stats-command';
import { workflowsValidateCommand } from './workflows-validate-command';

/** Every `quarry` command, in the order `quarry --help` lists them. */
export const commands: readonly CliCommand[] = [
  enqueueCommand,
  dlqListCommand,
  dlqShowCommand,
  dlqGroupsCommand,
  replayDlqCommand,
  dlqPruneCommand,
  reviewListCommand,
  reviewAckCommand,
  reviewCorrectCommand,
  batchesListCommand,
  batchesShowCommand,
  batchesCancelCommand,
  workflowsStatsCommand,
  workflowsListCommand,
  workflowsShowCommand,
  workflowsValidateCommand,
  blobsGcCommand,
  evalRunCommand,
  evalRunsCommand,
  evalCanaryCommand,
  evalImportCommand,
  evalSetsCommand,
  evalExportCommand,
  evalDeleteCommand,
  webhooksAddCommand,
  webhooksListCommand,
  webhooksRemoveCommand,
  webhooksTestCommand,
  webhooksReplayCommand,
  apiKeysCreateCommand,
  apiKeysListCommand,
  apiKeysRevokeCommand,
  tenantsSetCommand,
  tenantsListCommand,
];
