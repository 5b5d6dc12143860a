import net from 'node:net';

/**
 * The first port from `first` upward that nothing listens on now on 127.0.0.1 (the caller binds it
 * soon after), so runs land on a known range and two runs at once do not take the same port.
 */
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
