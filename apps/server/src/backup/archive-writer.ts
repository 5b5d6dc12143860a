import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/**
 * A tar archive written entry by entry to `FILE.partial` (readable by its owner only), renamed to
 * FILE once complete: a backup that fails half way never leaves a FILE that looks whole.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly partial: string;
  private readonly written: Promise<void>;
  private readonly failed: Promise<never>;

  constructor(private readonly file: string) {
    this.partial = `${file}.partial`;
    this.written = pipeline(this.pack, fs.createWriteStream(this.partial, { mode: 0o600 }));
    this.failed = this.written.then(() => new Promise<never>(() => undefined));
    // Seen by whichever entry or finish() is waiting; not an unhandled rejection meanwhile.
    this.failed.catch(() => undefined);
  }

  /** Adds `size` bytes of `body` as the entry `name`; answers their SHA-256 (hex). */
  async add(
    name: string,
    size: number,
    body: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | string>,
  ): Promise<string> {
    const hash = createHash('sha256');
    let entry!: ReturnType<tar.Pack['entry']>;
    const added = new Promise<void>((resolve, reject) => {
      entry = this.pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    // A body that is longer or shorter than `size` (a file changed while read) fails here.
    added.catch(() => undefined);
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      hash.update(bytes);
      if (!entry.write(bytes)) await Promise.race([once(entry, 'drain'), added, this.failed]);
    }
    entry.end(null);
    await Promise.race([added, this.failed]);
    return hash.digest('hex');
  }

  /** Ends the archive and puts it in place. */
  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
    await fs.promises.rename(this.partial, this.file);
  }

  /** Stops writing and removes what was written. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => undefined);
    await fs.promises.rm(this.partial, { force: true });
  }
}
