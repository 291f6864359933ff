import { defineConfig } from 'vitest/config';

// The S3 adapter's tests start a local S3-compatible server (s3rver); give them room on slow machines.
// s3rver makes its list continuation tokens with DES, which OpenSSL 3 (Node 20) only has in its legacy
// provider: without it every list longer than one page answers 500. The adapter itself uses no DES.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000, execArgv: ['--openssl-legacy-provider'] },
});
