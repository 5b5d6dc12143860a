// A TCP relay in front of the server that counts the bytes each way: what a phone would send and
// receive over the air, headers and multipart framing included.
import net from 'node:net';
import { freePortFrom } from './ports.ts';

export interface ByteCounter {
  origin: string;
  /** Bytes from the browser to the server, and back, since the last reset. */
  sent(): number;
  received(): number;
  reset(): void;
  close(): Promise<void>;
}

/** Relays a free loopback port from `firstPort` to `target` (host:port), counting bytes. */
export async function byteCounter(target: URL, firstPort: number): Promise<ByteCounter> {
  let up = 0;
  let down = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      up += chunk.length;
    });
    upstream.on('data', (chunk: Buffer) => {
      down += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await freePortFrom(firstPort);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    sent: () => up,
    received: () => down,
    reset: () => {
      up = 0;
      down = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
