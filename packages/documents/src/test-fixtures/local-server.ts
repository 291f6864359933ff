import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddressPolicy } from '../fetch/address-policy';
import { publicAddressPolicy } from '../fetch/address-policy';
import type { HostLookup } from '../fetch/resolve-host';

/** An HTTP server on 127.0.0.1 for one test; `close` ends it and every connection it holds. */
export async function startServer(
  handler: RequestListener,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The default policy, except that the test server's own address is allowed. */
export const testServerPolicy: AddressPolicy = (address) =>
  address === '127.0.0.1' ? { allowed: true } : publicAddressPolicy(address);

/** A resolver over a fixed table that records every name it was asked for. */
export function tableLookup(
  table: Readonly<Record<string, readonly string[]>>,
): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    return (table[hostname] ?? []).map(
      (address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const,
    );
  };
  return Object.assign(lookup, { calls });
}
