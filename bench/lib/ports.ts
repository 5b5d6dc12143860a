import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (the caller binds it soon after). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port on 127.0.0.1');
  return address.port;
}

export { freePortFrom } from '@trowel/server/test/free-port.ts';
