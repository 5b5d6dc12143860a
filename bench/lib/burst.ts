// Many requests sent at once, each timed from when it is sent to when its answer has been read.
//
// Plain sockets with the request bytes written out beforehand, not fetch or node:http: on a 2-core
// machine the client shares the cores with the server and the database, and whatever CPU it spends
// the server's latencies carry (fetch spent some 250 ms on 200 calls, node:http some 40 ms). The
// connections are opened first, as a browser holds its own open, so a burst measures the requests
// and not 200 TCP handshakes. Answers are read as far as HTTP/1.1 needs: the status line, then a
// Content-Length body or a chunked one.
import net from 'node:net';

export interface BurstRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BurstOutcome {
  status: number;
  ms: number;
}

export interface BurstClient {
  /** Opens connections until `count` are open (one GET /api/health on each new one, all at once) and keeps them. */
  warm(count: number): Promise<void>;
  /** Sends every request at once, each on a connection of its own; answers in the same order. */
  send(requests: readonly BurstRequest[]): Promise<BurstOutcome[]>;
  close(): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** The bytes of a request. */
function requestBytes(host: string, request: BurstRequest): Buffer {
  const body = request.body === undefined ? null : Buffer.from(request.body);
  const headers: Record<string, string> = {
    host,
    'accept-encoding': 'br, gzip',
    ...request.headers,
    ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(`${request.method} ${request.path} HTTP/1.1\r\n${head}\r\n`),
    ...(body ? [body] : []),
  ]);
}

/** Reads one answer at a time off a kept connection: the status, once its whole body has arrived. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve(status: number): void; reject(error: Error): void } | null = null;

  constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.answerIfComplete();
    });
    const fail = (error: Error) => {
      this.waiting?.reject(error);
      this.waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the connection closed before its answer')));
  }

  exchange(bytes: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  private answerIfComplete() {
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, headerEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const bodyStart = headerEnd + HEADER_END.length;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let end: number;
    if (length) {
      end = bodyStart + Number(length[1]);
      if (this.buffered.length < end) return;
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const last = this.buffered.indexOf(CHUNKED_END, bodyStart);
      if (last < 0) return;
      end = last + CHUNKED_END.length;
    } else {
      end = bodyStart;
    }
    this.buffered = this.buffered.subarray(end);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(status);
  }
}

export function burstClient(origin: string): BurstClient {
  const url = new URL(origin);
  const connections: Connection[] = [];

  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () =>
        resolve(new Connection(socket)),
      );
      socket.once('error', reject);
    });

  async function exchange(connection: Connection, bytes: Buffer): Promise<BurstOutcome> {
    const started = performance.now();
    const status = await connection.exchange(bytes);
    return { status, ms: performance.now() - started };
  }

  return {
    async warm(count) {
      const opened = await Promise.all(Array.from({ length: count - connections.length }, open));
      connections.push(...opened);
      const health = requestBytes(url.host, { method: 'GET', path: '/api/health' });
      await Promise.all(opened.map((connection) => exchange(connection, health)));
    },
    async send(requests) {
      if (connections.length < requests.length) await this.warm(requests.length);
      // Every request's bytes are made before the first is sent, so the burst leaves at once.
      const prepared = requests.map((request) => requestBytes(url.host, request));
      return Promise.all(prepared.map((bytes, index) => exchange(connections[index]!, bytes)));
    },
    close() {
      for (const connection of connections.splice(0)) connection.socket.destroy();
    },
  };
}
