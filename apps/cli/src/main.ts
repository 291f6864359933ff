#!/usr/bin/env node
/** `pnpm quarry …`: the `quarry` command line of `@quarry/cli`, run in this process. */
import '@quarry/cli/main';
