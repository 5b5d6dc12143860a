import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isSafeKey } from '../storage/storage.ts';

/** The archive's table of contents, its last entry: written once every other entry's hash is known. */
export const MANIFEST_ENTRY = 'manifest.json';
export const APP_SECRET_ENTRY = 'app-secret';
export const VAPID_KEYS_ENTRY = 'vapid-keys.json';
export const DATABASE_ENTRY = { postgres: 'database/postgres.dump', pglite: 'database/pglite-data.tar.gz' };
/** An uploaded file's entry: its storage key under `files/`. */
export const fileEntry = (key: string) => `files/${key}`;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const tableDigest = z.object({ rows: z.number().int().nonnegative(), sha256: sha256Hex });

export const manifestSchema = z.object({
  format: z.literal('trowel-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The tool that wrote the dump, with its version (`pg_dump (PostgreSQL) 15.20`, `PGlite 0.5.16`). */
    tool: z.string(),
    sha256: sha256Hex,
    /** Every table (`schema.table`): its row count and a hash of its rows, as read in the dump's snapshot. */
    tables: z.record(z.string(), tableDigest),
  }),
  /** Where the server's APP_SECRET came from; a fingerprint tells a restore whether the one it has matches. */
  appSecret: z.discriminatedUnion('source', [
    z.object({ source: z.literal('data-dir'), fingerprint: z.string(), sha256: sha256Hex }),
    z.object({ source: z.literal('environment'), fingerprint: z.string() }),
    z.object({ source: z.literal('none') }),
  ]),
  /**
   * Where the server's Web Push key pair came from, with its public key: the browsers' subscriptions
   * were made for it, so a restored server must sign with the same pair. Older archives have none.
   */
  vapidKeys: z
    .discriminatedUnion('source', [
      z.object({ source: z.literal('data-dir'), publicKey: z.string(), sha256: sha256Hex }),
      z.object({ source: z.literal('environment'), publicKey: z.string() }),
      z.object({ source: z.literal('none') }),
    ])
    .default({ source: 'none' }),
  files: z.object({
    storage: z.enum(['local', 's3']),
    entries: z.array(
      z.object({
        key: z.string().refine(isSafeKey, 'must be a storage key'),
        size: z.number().int().nonnegative(),
        sha256: sha256Hex,
      }),
    ),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableDigests = Manifest['database']['tables'];

/** A short hash of the app secret: enough to tell two secrets apart, useless for finding one. */
export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(`trowel-backup:${secret.trim()}`).digest('hex').slice(0, 16);
}

/** The tables of `expected` that `actual` lacks or holds with other rows. */
export function differingTables(expected: TableDigests, actual: TableDigests): string[] {
  return Object.keys(expected)
    .filter((name) => {
      const [a, b] = [expected[name], actual[name]];
      return !a || !b || a.rows !== b.rows || a.sha256 !== b.sha256;
    })
    .sort();
}
