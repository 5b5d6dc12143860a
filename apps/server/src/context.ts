import { createMediaProcessor } from './media-processing/processor.ts';
import { ResultCache } from './cache/result-cache.ts';
import { InvalidationBus, invalidationChannel } from './cache/invalidation-bus.ts';
import { SessionCache } from './cache/session-cache.ts';
import type { Config } from './config.ts';
import {
  platformRepositoryMakers,
  type ModuleParts,
  type PlatformContext,
  type RepositoryMakers,
  type Repositories,
} from './platform.ts';
import type { Database, Db } from './db/client.ts';
import type { KeptAnswer } from './http/compression.ts';
import type { KeyDirectory } from './db/key-directory.ts';
import type { NameKey } from './db/name-key.ts';
import { RequestsInFlight } from './http/requests-in-flight.ts';
import { settingsRepository } from './settings/settings.repository.ts';
import { Mailer } from './mail/transport.ts';
import type { PersonalPreferences } from './preferences/preferences.repository.ts';
import { SystemSettings } from './settings/system-settings.ts';
import type { FileStorage } from './storage/storage.ts';

export type { Repositories };

/** The platform's repository makers and the modules'; a name given twice is a mistake in the module list. */
function repositoryMakersOf(modules: readonly ModuleParts[]): RepositoryMakers {
  const makers: RepositoryMakers = { ...platformRepositoryMakers };
  for (const module of modules)
    for (const [name, maker] of Object.entries(module.repositories ?? {})) {
      if (makers[name]) throw new Error(`Repository ${name} is declared twice`);
      makers[name] = maker;
    }
  return makers;
}

/**
 * The repositories on `db`, each made when first used: a transaction's `ctx.withDb(tx)` touches two or
 * three of them, and making one builds its statements.
 */
function repositoriesOn(makers: RepositoryMakers, db: Db): Repositories {
  const made: Record<string, object> = {};
  const lazy = {};
  for (const [name, make] of Object.entries(makers)) {
    Object.defineProperty(lazy, name, { enumerable: true, get: () => (made[name] ??= make(db)) });
  }
  return lazy as Repositories;
}

/** Everything a service needs: the platform (configuration, database, storage, mail…), the repositories and the modules' caches. */
export interface AppContext extends PlatformContext, Repositories {
  sessionCache: SessionCache;
  /** Each people list's length and page keys, per role set and search; dropped on any change to a person. */
  userListDirectories: ResultCache<KeyDirectory<NameKey>>;
  /** Project list totals and dashboard figures; dropped on every project, phase or task change. */
  projectAggregates: ResultCache<unknown>;
  /** Daily log and media list totals; dropped on every log or media change. */
  logMediaCounts: ResultCache;
  /** Budget list totals per viewer and filter; dropped on every budget or project change. */
  budgetCounts: ResultCache;
  /** Whole budget list answers per viewer and query, serialized; dropped with the totals. */
  budgetPages: ResultCache<KeptAnswer>;
  /** Inventory totals and categories; dropped on every change of stores (and of projects and people). */
  storesAggregates: ResultCache<unknown>;
  /** Whole answers of the busiest lists (project list, daily logs), serialized, per visibility and query. */
  listPages: ResultCache<KeptAnswer>;
  /** Pages of people's notification feeds, serialized; dropped on any change. */
  notificationPages: ResultCache<KeptAnswer>;
  /** Procurement answers (RFQ lists and details, comparisons, a vendor's RFQs), serialized, per viewer and query. */
  procurementPages: ResultCache<KeptAnswer>;
  /** Pages of the people lists (all, staff, clients), serialized, per list and query; dropped on any change to a person. */
  userPages: ResultCache<KeptAnswer>;
  bus: InvalidationBus;
}

/**
 * The context of a process, with the repositories and workflow reactions of the modules it is
 * assembled from (`MODULES` in `modules.ts`).
 */
export function createContext(
  config: Config,
  database: Database,
  storage: FileStorage,
  modules: readonly ModuleParts[],
): AppContext {
  const makers = repositoryMakersOf(modules);
  const sessionCache = new SessionCache();
  // A list's directory holds one key in 100 of its people: 100 keys for 10,000.
  const userListDirectories = new ResultCache<KeyDirectory<NameKey>>({
    maxEntries: 500,
    maxWeight: 200_000,
    weigh: (directory) => directory.keys.length,
  });
  const projectAggregates = new ResultCache<unknown>();
  const logMediaCounts = new ResultCache();
  const budgetCounts = new ResultCache();
  // A page of 10 budgets with lines and history is some 15 kB.
  const budgetPages = new ResultCache<KeptAnswer>({
    maxEntries: 1000,
    maxWeight: 16 * 1024 * 1024,
    weigh: (page) => page.weight,
  });
  const storesAggregates = new ResultCache<unknown>();
  // A page of logs with their threads is some 40 kB, a page of 100 several times that: at most 300
  // pages and 16 MB of text (a character is a byte in V8's one-byte strings, two at most).
  const listPages = new ResultCache<KeptAnswer>({
    maxEntries: 300,
    maxWeight: 16 * 1024 * 1024,
    weigh: (page) => page.weight,
  });
  // A feed page of 20 is some 8 kB.
  const notificationPages = new ResultCache<KeptAnswer>({
    maxEntries: 1000,
    maxWeight: 8 * 1024 * 1024,
    weigh: (page) => page.weight,
  });
  // A page of 10 people is some 4 kB, a page of 100 some 40 kB.
  const userPages = new ResultCache<KeptAnswer>({
    maxEntries: 500,
    maxWeight: 8 * 1024 * 1024,
    weigh: (page) => page.weight,
  });
  // An RFQ with 20 quotes of 100 lines is some 400 kB; a list page some 6 kB. Every change drops them
  // (in every process), so they may be kept for minutes: file links in them last an hour at least.
  const procurementPages = new ResultCache<KeptAnswer>({
    ttlMs: 5 * 60_000,
    maxEntries: 500,
    maxWeight: 16 * 1024 * 1024,
    weigh: (page) => page.weight,
  });
  const bus = new InvalidationBus(
    database.kind === 'postgres' ? config.databaseUrl : undefined,
    (channel, payload) => database.notify(channel, payload),
    console,
    invalidationChannel(database.pgSchema),
    database.processName,
  );
  const settings = new SystemSettings(
    () => settingsRepository(database.db).all(),
    () => config.appSecret!,
    (message, key) => console.warn(`${message} (${key})`),
  );
  const mail = new Mailer(config, settings);
  const preferenceCache = new ResultCache<PersonalPreferences>({ ttlMs: 5 * 60_000, maxEntries: 10_000 });
  bus.subscribe((event) => {
    if (event.kind === 'preferences') {
      preferenceCache.clear();
      return;
    }
    if (event.kind === 'settings') {
      settings.clear();
      mail.reset();
      return;
    }
    if (event.kind === 'session') {
      sessionCache.evictSession(event.id);
      return;
    }
    // New notifications are written with the project, task or log change that caused them.
    notificationPages.clear();
    if (event.kind === 'notifications') return;
    budgetCounts.clear();
    budgetPages.clear();
    if (event.kind === 'budgets') return;
    // Procurement answers carry people's names and projects' titles too.
    procurementPages.clear();
    if (event.kind === 'procurement') return;
    // Pages carry projects, logs, files and people's names: any of these changes drops them.
    listPages.clear();
    storesAggregates.clear();
    if (event.kind === 'stores') return;
    // People's pages show names, roles and profiles; nothing of projects, logs or media.
    if (event.kind === 'user' || event.kind === 'users-list') {
      userPages.clear();
      userListDirectories.clear();
    }
    if (event.kind === 'user' && event.id === '*') sessionCache.clear();
    else if (event.kind === 'user') sessionCache.evictUser(event.id);
    else if (event.kind === 'projects') {
      projectAggregates.clear();
      logMediaCounts.clear();
    } else if (event.kind === 'logs-media') logMediaCounts.clear();
  });
  return {
    sessionCache,
    userListDirectories,
    projectAggregates,
    logMediaCounts,
    budgetCounts,
    budgetPages,
    storesAggregates,
    listPages,
    notificationPages,
    userPages,
    procurementPages,
    bus,
    invalidate: (event) => bus.publish(event),
    config,
    database,
    db: database.db,
    storage,
    ...repositoriesOn(makers, database.db),
    settings,
    preferenceCache,
    mail,
    processor: createMediaProcessor(),
    wakeWorker: () => undefined,
    requestsInFlight: new RequestsInFlight(),
    withDb: (db) => repositoriesOn(makers, db),
    workflowReactions: modules.flatMap((module) => module.workflowReactions ?? []),
  };
}
