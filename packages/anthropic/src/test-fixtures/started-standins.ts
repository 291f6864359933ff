import { type Standin, type StandinOptions, startStandin } from '@quarry/standin';
import { afterEach } from 'vitest';

/**
 * Test fixture: registers an `afterEach` that closes every stand-in started through the returned
 * function; call it once at the top of a test file.
 */
export function standinsClosedAfterEach(): (options: StandinOptions) => Promise<Standin> {
  const running: Standin[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((standin) => standin.close()));
  });
  return async (options) => {
    const standin = await startStandin(options);
    running.push(standin);
    return standin;
  };
}
