import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/**
 * Which reverse proxies the dashboard believes about the client's address (`X-Forwarded-For`) and
 * scheme (`X-Forwarded-Proto`), in express's `trust proxy` terms: `false` none; a number, that many
 * proxies in front of it (the client is the address the outermost of them saw); a list, the proxies
 * at these addresses or subnets (or `loopback`, `linklocal`, `uniquelocal`). Never "every proxy": the
 * left-most `X-Forwarded-For` entry is whatever the client wrote.
 */
export type TrustProxy = false | number | readonly string[];

/** The form of DASHBOARD_TRUST_PROXY, for messages. */
export const trustProxyForm =
  'false, the number of reverse proxies in front of the dashboard (1 to 16), or a comma-separated list of ' +
  'their addresses or subnets (e.g. 10.0.0.0/8, loopback)';

const OFF = new Set(['false', 'off', 'no', '0']);
const EVERY_PROXY = new Set(['true', 'on', 'yes']);

/**
 * DASHBOARD_TRUST_PROXY: `false` (also off/no/0), a hop count, or a list of proxy addresses and
 * subnets. `true` is refused: it would take the client's address from the left-most
 * `X-Forwarded-For` entry, which any client can write, so a login lockout keyed on it never holds.
 */
export const trustProxyVar = z
  .string()
  .trim()
  .transform((text, context): TrustProxy => {
    const value = text.toLowerCase();
    if (OFF.has(value)) return false;
    if (EVERY_PROXY.has(value)) {
      context.addIssue({
        code: 'custom',
        message: `${trustProxyForm}; "${text}" would trust every X-Forwarded-For entry, which the client controls`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 16) return hops;
      context.addIssue({ code: 'custom', message: `${trustProxyForm}; ${hops} hops is more than 16` });
      return z.NEVER;
    }
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const bad = entries.filter((entry) => !compiles(entry));
    if (entries.length > 0 && bad.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `${trustProxyForm}; not an address or subnet: ${bad.map((entry) => JSON.stringify(entry)).join(', ') || '(empty)'}`,
    });
    return z.NEVER;
  })
  .meta({ type: trustProxyForm });

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Whether `entry` is a proxy name, or a full IPv4/IPv6 address with an optional `/prefix` or `/netmask`
 * that express (through proxy-addr) accepts too.
 */
function compiles(entry: string): boolean {
  if (!NAMES.has(entry) && isIP(entry.split('/')[0] ?? '') === 0) return false;
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}
