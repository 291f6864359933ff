/** The variable the `workflows` commands read, for their `--help`. */
export const workflowsEnvironmentHelp = `Environment:
  QUARRY_WORKFLOWS  workflow files and directories, comma-separated (*.workflow.json, *.workflow.yaml,
                    *.workflow.yml, *.workflow.mjs, *.workflow.js), loaded on top of the shipped workflows

Exit codes: 0 done, 1 a problem (every one is listed).`;
