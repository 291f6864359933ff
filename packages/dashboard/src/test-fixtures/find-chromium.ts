import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runProcess } from '@quarry/testing';

/** The one command that installs a Chromium the browser test can use. */
export const INSTALL_CHROMIUM = 'apt-get update && apt-get install -y chromium';

/** Where system packages put Chromium (Debian, Ubuntu, Fedora, Google's packages, snap). */
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/** A Chromium to launch, where it came from, and the environment it needs. */
export interface FoundChromium {
  readonly executablePath: string;
  readonly source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
  readonly env: Readonly<Record<string, string>>;
}

/**
 * The Chromium of `@sparticuz/chromium` (a dev dependency that ships the binary inside the npm
 * package, linux-x64 only), unpacked once per version into the temporary directory. The package
 * unpacks into `os.tmpdir()`; it runs in a child process whose TMPDIR is a fresh staging directory,
 * which is then renamed into place, so concurrent test runs never see a half-written binary.
 */
async function packagedChromium(): Promise<FoundChromium | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    return null;
  }
  const packageDir = join(dirname(entry), '..', '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const home = join(tmpdir(), `quarry-chromium-${version}`);
  const found = (): FoundChromium => ({
    executablePath: join(home, 'chromium'),
    source: '@sparticuz/chromium',
    env: { FONTCONFIG_FILE: join(home, 'fonts.conf') },
  });
  if (existsSync(join(home, 'chromium')) && existsSync(join(home, 'fonts.conf'))) return found();

  const staging = await mkdtemp(join(tmpdir(), 'quarry-chromium-staging-'));
  try {
    const script = `require(${JSON.stringify(entry)}).executablePath().then((path) => process.stdout.write(path))`;
    const { code, stdout, stderr } = await runProcess({
      command: process.execPath,
      args: ['-e', script],
      env: { ...process.env, TMPDIR: staging },
      timeoutMs: 120_000,
    });
    if (code !== 0)
      throw new Error(`@sparticuz/chromium could not unpack its browser: ${stderr.slice(-2000)}`);
    if (stdout !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${stdout}`);
    // The package's fonts (Open Sans) next to the system's, for machines without any fonts.
    await writeFile(
      join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
        `  <dir>${join(home, 'fonts')}</dir>\n  <cachedir>${join(home, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    await rename(staging, home).catch((error: NodeJS.ErrnoException) => {
      // Another run put it there first; use that one.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return found();
}

/**
 * A Chromium for the browser test: `CHROMIUM_PATH` when set; else a system Chromium; else the one
 * shipped in the `@sparticuz/chromium` npm package (installed with the project, no download).
 * @throws Error naming where it looked and {@link INSTALL_CHROMIUM} when there is none.
 */
export async function findChromium(): Promise<FoundChromium> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) {
      throw new Error(
        `CHROMIUM_PATH is ${configured}, which does not exist; unset it or install Chromium: ${INSTALL_CHROMIUM}`,
      );
    }
    return { executablePath: configured, source: 'CHROMIUM_PATH', env: {} };
  }
  const system = SYSTEM_BROWSERS.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: 'system', env: {} };
  const packaged = await packagedChromium();
  if (packaged) return packaged;
  throw new Error(
    `No Chromium found (CHROMIUM_PATH unset, none of ${SYSTEM_BROWSERS.join(', ')}, and @sparticuz/chromium ` +
      `ships one for linux-x64 only). Install one with: ${INSTALL_CHROMIUM}`,
  );
}
