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

const RECONNECT_DELAY_MS = 1000;

/**
 * Kinds that each drop what the ones before them drop, and more (kept data names the first of them
 * that drops it: `changesFrom` in `kept-data.ts`); the kinds past the chain (projects, logs and media,
 * people) drop all of it too, while settings, preferences and sessions drop only their own.
 */
export const NESTED_KINDS = ['notifications', 'budgets', 'procurement', 'stores'] as const;
export const PAST_THE_CHAIN: readonly Invalidation['kind'][] = [
  'projects',
  'logs-media',
  'user',
  'users-list',
];
const pastTheChain: ReadonlySet<Invalidation['kind']> = new Set(PAST_THE_CHAIN);

/** The fewest publications that drop what all of `events` drop (a covered kind of the chain is left out). */
export function covering(events: readonly Invalidation[]): Invalidation[] {
  const unique = [...new Map(events.map((event) => [JSON.stringify(event), event])).values()];
  const rank = (event: Invalidation) =>
    pastTheChain.has(event.kind)
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
 * drops, caches are cleared, since notices may have been missed, and again once it listens anew.
 */
export class InvalidationBus {
  private handlers: Handler[] = [];
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnecting: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private readonly notices: CoalescedNotices;
  /** Names this process in its notices: it has dropped its own data already and skips them. */
  private readonly origin = randomUUID();

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly notify: (channel: string, payload: string) => Promise<void>,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly channel = invalidationChannel(),
    /** The process's name on the database (its listening connection keeps it known while idle). */
    private readonly applicationName?: string,
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

  /** Starts listening (PostgreSQL); throws when the database cannot be reached. */
  async start() {
    if (!this.databaseUrl || this.stopped) return;
    await this.listen();
  }

  /**
   * One listening connection. When it drops, caches are cleared (notices may be missed) and one
   * reconnection is scheduled, however many events the drop raises ('error' and 'end' both come).
   */
  private async listen() {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      ...(this.applicationName ? { application_name: this.applicationName } : {}),
    });
    let listening = false;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      // A connection that never listened is the attempt's failure: the attempt reports it.
      if (!listening) return;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
      this.clearAll();
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      try {
        const notice = JSON.parse(message.payload ?? '{}') as { from: string; events: Invalidation[] };
        if (notice.from !== this.origin) for (const event of notice.events) this.deliver(event);
      } catch {
        this.clearAll();
      }
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (lost || this.stopped) {
      await client.end().catch(() => undefined);
      if (lost && !this.stopped) throw new Error('the listening connection dropped as it started');
      return;
    }
    listening = true;
    this.listener = client;
  }

  /** Tries again every second until listening; only one attempt is ever pending. */
  private scheduleReconnect() {
    if (this.stopped || this.reconnecting) return;
    this.reconnecting = setTimeout(() => {
      this.reconnecting = null;
      this.listen()
        .then(() => {
          this.failedAttempts = 0;
          // Data cached while nothing was heard may be stale.
          this.clearAll();
        })
        .catch((error: unknown) => {
          if (this.failedAttempts++ === 0)
            this.log.warn(
              { err: error },
              'cache invalidation listener could not reconnect; trying every second',
            );
          this.scheduleReconnect();
        });
    }, RECONNECT_DELAY_MS);
    this.reconnecting.unref();
  }

  /** Whether a connection is listening now (health checks, tests). */
  get listening() {
    return this.listener !== null;
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
    if (this.reconnecting) clearTimeout(this.reconnecting);
    this.reconnecting = null;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }
}
