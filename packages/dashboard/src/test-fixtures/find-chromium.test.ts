import { afterEach, describe, expect, it, vi } from 'vitest';
import { findChromium, INSTALL_CHROMIUM } from './find-chromium';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when set, and names the install command when it points nowhere', async () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(await findChromium()).toEqual({
      executablePath: process.execPath,
      source: 'CHROMIUM_PATH',
      env: {},
    });
    vi.stubEnv('CHROMIUM_PATH', '/nowhere/chromium');
    await expect(findChromium()).rejects.toThrow(
      `CHROMIUM_PATH is /nowhere/chromium, which does not exist; unset it or install Chromium: ${INSTALL_CHROMIUM}`,
    );
  });
});
