/**
 * The bounds every workflow file is held to, so a hostile or broken file is refused with a clear
 * error instead of exhausting the process.
 */
export const workflowFileLimits = {
  /** Largest workflow file read (1 MB). */
  maxFileBytes: 1_000_000,
  /** Deepest nesting of the parsed file (objects and arrays). */
  maxFileDepth: 64,
  /** Deepest nesting of an output or input JSON Schema. */
  maxSchemaDepth: 32,
  /** Most nodes (schemas, sub-schemas) of one output or input JSON Schema. */
  maxSchemaNodes: 2_000,
  /** Most YAML aliases one file may expand (a "billion laughs" file has millions). */
  maxYamlAliases: 100,
  /** Most rules of one workflow. */
  maxRules: 100,
  /** Longest rule expression, in characters. */
  maxExpressionLength: 4_000,
  /** Longest one rule evaluation may run (milliseconds) before it is a rule failure. */
  ruleTimeoutMs: 1_000,
  /** Deepest evaluation stack of one rule (a runaway recursion is a rule failure). */
  ruleStackDepth: 300,
  /** Most workflow files read from all `QUARRY_WORKFLOWS` paths together. */
  maxFiles: 500,
} as const;
