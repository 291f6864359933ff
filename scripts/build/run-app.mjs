/**
 * `pnpm quarry`, `pnpm worker`, `pnpm dashboard`, `pnpm api`: runs the built app `apps/<app>/dist/<entry>.js` in
 * this process, after `process.argv` is made what the app itself would see. A missing build is a clear
 * error naming the fix (`pnpm install` builds the apps; `pnpm build` builds everything) rather than
 * Node's module-not-found trace.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apps = {
  cli: 'main',
  worker: 'main',
  dashboard: 'main',
  api: 'main',
  'hash-password': 'hash-password',
};
const [app = '', ...rest] = process.argv.slice(2);
const entry = apps[app];
if (entry === undefined) {
  process.stderr.write(`run-app: unknown app "${app}"; expected one of ${Object.keys(apps).join(', ')}\n`);
  process.exit(2);
}
const dir = app === 'hash-password' ? 'dashboard' : app;
const file = fileURLToPath(new URL(`../../apps/${dir}/dist/${entry}.js`, import.meta.url));
if (!existsSync(file)) {
  process.stderr.write(
    `apps/${dir}/dist/${entry}.js is missing: run "pnpm build" (or "pnpm install") first\n`,
  );
  process.exit(1);
}
process.argv = [process.argv[0] ?? 'node', file, ...rest];
await import(pathToFileURL(file).href);
