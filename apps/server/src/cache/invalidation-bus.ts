import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { CoalescedNotices } from './coalesced-notices.ts';

export type Invalidation =
  | { kind: 'user'; id: string }
  | { kind: 'session'; id: string }
  | { kind: 'users-list' }
  | { kind: 'projects' }
  /** A budget was created, changed or removed (approved totals changed publish `projects`). */
  | { kind: 'budgets' }
  | { kind: 'logs-media' }
  /** Read state or removal of notifications (new ones come with the change that caused them). */
  | { kind: 'notifications' }
  /** A system setting was saved. */
  | { kind: 'settings' }
  /** Someone saved their notification or sign-in preferences. */
  | { kind: 'preferences' }
  /** A vendor, an RFQ or a quote changed. */
  | { kind: 'procurement' }
  /** Stock, inventory items or inventory requests changed. */
  | { kind: 'stores' };

type Handler = (event: Invalidation) => void;

/**
 * Kinds that each drop what the ones before them drop, and more (the handler in `context.ts` falls
 * through in this order); the kinds past the chain (projects, logs and media, people) drop all of
 * it too, while settings, preferences and sessions drop only their own.
 */
const NESTED_KINDS = ['notifications', 'budgets', 'procurement', 'stores'] as const;
const PAST_THE_CHAIN: ReadonlySet<Invalidation['kind']> = new Set([
  'projects',
  'logs-media',
  'user',
  'users-list',
]);

/** The fewest publications that drop what all of `events` drop (a covered kind of the chain is left out). */
export function covering(events: readonly Invalidation[]): Invalidation[] {
  const unique = [...new Map(events.map((event) => [JSON.stringify(event), event])).values()];
  const rank = (event: Invalidation) =>
    PAST_THE_CHAIN.has(event.kind)
      ? NESTED_KINDS.length
      : (NESTED_KINDS as readonly string[]).indexOf(event.kind);
  const widest = Math.max(-1, ...unique.map(rank));
  return unique.filter((event) => rank(event) === -1 || rank(event) >= widest);
}

/** Processes on one database but in different schemas (isolated test runs) keep apart. */
export function invalidationChannel(pgSchema?: string) {
  return pgSchema ? `trowel_invalidate_${pgSchema}` : 'trowel_invalidate';
}

/**
 * Tells every process that cached data changed. In one process (PGlite) it is a local call; on
 * PostgreSQL it also goes through NOTIFY, after the change committed, and every process LISTENs.
 * Notices published together go in one NOTIFY (CoalescedNotices). When the listening connection
 * drops, caches are cleared, since notices may have been missed.
 */
export class InvalidationBus {
  private handlers: Handler[] = [];
  private listener: pg.Client | null = null;
  private stopped = false;
  private readonly notices: CoalescedNotices;
  /** Names this process in its notices: it has dropped its own data already and skips them. */
  private readonly origin = randomUUID();

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly notify: (channel: string, payload: string) => Promise<void>,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly channel = invalidationChannel(),
  ) {
    this.notices = new CoalescedNotices((events) =>
      this.notify(this.channel, `{"from":"${this.origin}","events":${events}}`),
    );
  }

  subscribe(handler: Handler) {
    this.handlers.push(handler);
  }

  private deliver(event: Invalidation) {
    for (const handler of this.handlers) handler(event);
  }

  /** Drops the cached data here at once and, once the NOTIFY carrying it is sent, in every other process. */
  async publish(event: Invalidation) {
    this.deliver(event);
    if (this.databaseUrl) await this.notices.add(JSON.stringify(event));
  }

  async start() {
    if (!this.databaseUrl || this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      try {
        const notice = JSON.parse(message.payload ?? '{}') as { from: string; events: Invalidation[] };
        if (notice.from !== this.origin) for (const event of notice.events) this.deliver(event);
      } catch {
        this.clearAll();
      }
    });
    client.on('error', () => this.reconnect());
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query(`listen ${this.channel}`);
    this.listener = client;
  }

  private reconnect() {
    if (this.stopped) return;
    this.listener = null;
    this.clearAll();
    setTimeout(() => {
      this.start().catch((error: unknown) => {
        this.log.warn({ err: error }, 'cache invalidation listener could not reconnect');
        this.reconnect();
      });
    }, 1000).unref();
  }

  private clearAll() {
    this.deliver({ kind: 'users-list' });
    this.deliver({ kind: 'projects' });
    this.deliver({ kind: 'logs-media' });
    this.deliver({ kind: 'settings' });
    this.deliver({ kind: 'preferences' });
    this.deliver({ kind: 'stores' });
    for (const handler of this.handlers) handler({ kind: 'user', id: '*' });
  }

  async stop() {
    this.stopped = true;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }
}
