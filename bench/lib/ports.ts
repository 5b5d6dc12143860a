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

/** The first port from `first` upward that nothing listens on now, so runs land on a known range. */
export async function freePortFrom(first: number, tries = 50): Promise<number> {
  for (let port = first; port < first + tries; port += 1) {
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error(`no free port on 127.0.0.1 from ${first} to ${first + tries - 1}`);
}
