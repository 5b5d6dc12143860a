import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: a compressed copy would save less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Per-request brotli: quality 2 takes half the time of quality 4 for 1–4% more bytes of JSON. */
const REQUEST_BROTLI_QUALITY = 2;
/** A kept answer is compressed once for many requests, so it can afford a better ratio. */
const KEPT_BROTLI_QUALITY = 7;
const GZIP_LEVEL = 6;

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=');
    if (name?.trim() === 'q') {
      const quality = Number(value);
      return Number.isFinite(quality) ? quality : 0;
    }
  }
  return 1;
}

/** Browsers send a handful of distinct Accept-Encoding headers: each is parsed once. */
const parsedHeaders = new Map<string, ContentEncoding | null>();
const MAX_PARSED_HEADERS = 200;

/** The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const known = parsedHeaders.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (parsedHeaders.size >= MAX_PARSED_HEADERS) parsedHeaders.clear();
  parsedHeaders.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): ContentEncoding | null {
  const accepted = new Map<string, number>();
  for (const entry of header.toLowerCase().split(',')) {
    const [coding, ...parameters] = entry.split(';');
    const name = coding?.trim();
    if (name) accepted.set(name, qualityOf(parameters));
  }
  const wildcard = accepted.get('*');
  const allows = (coding: ContentEncoding) => (accepted.get(coding) ?? wildcard ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** Brotli's smallest and largest windows (log2 of bytes). */
const BROTLI_MIN_WINDOW = 10;
const BROTLI_MAX_WINDOW = 24;

/**
 * The smallest brotli window that holds the whole body (a window is 2^n − 16 bytes): the same output as
 * the default 4 MB window, without making and clearing that window for a 1 kB answer.
 */
export function brotliWindowFor(bytes: number): number {
  const needed = Math.ceil(Math.log2(bytes + 16));
  return Math.min(BROTLI_MAX_WINDOW, Math.max(BROTLI_MIN_WINDOW, needed));
}

/** Compresses a body in one call (sync: JSON answers are small, and a pool round trip costs more). */
export function compressBody(body: string | Buffer, encoding: ContentEncoding, kept = false): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: GZIP_LEVEL });
  const bytes = Buffer.byteLength(body);
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: kept ? KEPT_BROTLI_QUALITY : REQUEST_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(bytes),
    },
  });
}

/** Adds Accept-Encoding to the Vary header, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'Accept-Encoding');
    return;
  }
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', `${current}, Accept-Encoding`);
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * A serialized answer kept for many requests (see `sendKept`), as UTF-8 bytes (encoded and measured
 * once, not on every send), with its compressed copies kept beside it, so a kept page is not
 * compressed on every send. Most kept pages of a big company are asked for once (one RFQ of
 * thousands): the first copy is made at the per-request quality; a page asked for again is worth the
 * better ratio, and its brotli copy is made again at the kept quality, once, and kept from then on.
 */
export class KeptAnswer {
  private readonly encoded = new Map<ContentEncoding, { body: Buffer; final: boolean }>();
  readonly body: Buffer;

  /** `until`: when the answer stops holding by time alone (ms since the epoch), or null. */
  constructor(
    json: string,
    readonly until: number | null = null,
  ) {
    this.body = Buffer.from(json);
  }

  /** The body in `encoding`, or null when the page is too small to be worth compressing. */
  encodedAs(encoding: ContentEncoding): Buffer | null {
    if (this.body.length < MIN_COMPRESSED_BYTES) return null;
    const copy = this.encoded.get(encoding);
    if (copy?.final) return copy.body;
    // gzip has one level for both; brotli's first copy is the quick one, its second the kept one.
    const body = compressBody(this.body, encoding, copy !== undefined);
    this.encoded.set(encoding, { body, final: copy !== undefined || encoding === 'gzip' });
    return body;
  }

  /** Bytes it holds: the text plus room for its compressed copies (a fifth of the text at most for JSON). */
  get weight(): number {
    return Math.ceil(this.body.length * 1.2);
  }
}

/**
 * Sends a kept answer, its kept compressed copy when the client accepts one and the page is big
 * enough; otherwise the text, which the onSend hook passes on with its Vary header.
 */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? kept.encodedAs(encoding) : null;
  if (!encoding || !body) return reply.send(kept.body);
  varyOnEncoding(reply);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * JSON answers of 1 KB and more go brotli- or gzip-compressed when the client accepts it. Anything
 * else (files, ranges, streams, answers already encoded) goes as it is.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Cheapest checks first: most answers leave here, and the hook runs on every one.
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      // A string's length undercounts its bytes at most: good enough for a threshold, and free.
      payload.length < MIN_COMPRESSED_BYTES ||
      !isJson(reply) ||
      reply.hasHeader('content-encoding') ||
      reply.statusCode === 206 ||
      request.headers.range !== undefined
    ) {
      done(null, payload);
      return;
    }
    varyOnEncoding(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) {
      done(null, payload);
      return;
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, compressBody(payload, encoding));
  });
}
