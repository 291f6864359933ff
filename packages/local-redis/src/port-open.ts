import { connect } from 'node:net';

/** Whether something accepts TCP connections on 127.0.0.1:`port` (used by tests to see a server is gone). */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
