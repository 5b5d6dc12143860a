import { Transform, type TransformCallback } from 'node:stream';

/**
 * Joins the small chunks a stream arrives in (64 kB from a socket) into pieces of at least `size`
 * bytes. Each file write is a trip to libuv's thread pool and back: an upload written in 1 MB pieces
 * costs the event loop a sixteenth of the trips, which leaves it free to answer other requests.
 */
export class Coalesce extends Transform {
  private chunks: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly size: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes >= this.size) this.release();
    callback();
  }

  override _flush(callback: TransformCallback) {
    if (this.bytes > 0) this.release();
    callback();
  }

  private release() {
    this.push(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.bytes));
    this.chunks = [];
    this.bytes = 0;
  }
}
