import { createMediaProcessor } from './media-processing/processor.ts';
import { ResultCache } from './cache/result-cache.ts';
import { InvalidationBus, invalidationChannel } from './cache/invalidation-bus.ts';
import { makeKeptData, type KeptDataDeclaration } from './cache/kept-data.ts';
import type { Config } from './config.ts';
import {
  platformRepositoryMakers,
  type FileAccessRule,
  type FileAccessRules,
  type ModuleKeptData,
  type ModuleParts,
  type NoticeDocumentSource,
  type NoticeDocumentSources,
  type PlatformContext,
  type RepositoryMakers,
  type Repositories,
} from './platform.ts';
import type { Database, Db } from './db/client.ts';
import { RequestsInFlight } from './http/requests-in-flight.ts';
import { JobSignal } from './jobs/job-signal.ts';
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

/** Everything a service needs: the platform (configuration, database, storage, mail…), the repositories and the modules' kept data. */
export interface AppContext extends PlatformContext, Repositories, ModuleKeptData {
  bus: InvalidationBus;
}

/** Every module's file access rules; a kind with two rules is a mistake in the module list. */
export function fileAccessOf(modules: readonly ModuleParts[]): FileAccessRules {
  const rules: Partial<Record<string, FileAccessRule>> = {};
  for (const module of modules)
    for (const [kind, rule] of Object.entries(module.fileAccess ?? {})) {
      if (rules[kind]) throw new Error(`Files of kind ${kind} have two access rules`);
      rules[kind] = rule;
    }
  return rules;
}

/** Every module's notice documents; a kind drawn by two modules is a mistake in the module list. */
export function noticeDocumentsOf(modules: readonly ModuleParts[]): NoticeDocumentSources {
  const sources: Partial<Record<string, NoticeDocumentSource>> = {};
  for (const module of modules)
    for (const [kind, source] of Object.entries(module.noticeDocuments ?? {})) {
      if (sources[kind]) throw new Error(`Notice documents of kind ${kind} are drawn by two modules`);
      sources[kind] = source;
    }
  return sources;
}

/** Every module's kept data; a name given twice is a mistake in the module list. */
function keptDataOf(modules: readonly ModuleParts[]): Record<string, KeptDataDeclaration> {
  const declared: Record<string, KeptDataDeclaration> = {};
  for (const module of modules)
    for (const [name, declaration] of Object.entries(module.keptData ?? {})) {
      if (declared[name]) throw new Error(`Kept data ${name} is declared twice`);
      declared[name] = declaration;
    }
  return declared;
}

/**
 * The context of a process, with the repositories, kept data and workflow reactions of the modules
 * it is assembled from (`modules/index.ts`).
 */
export function createContext(
  config: Config,
  database: Database,
  storage: FileStorage,
  modules: readonly ModuleParts[],
): AppContext {
  const makers = repositoryMakersOf(modules);
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
    if (event.kind === 'preferences') preferenceCache.clear();
    if (event.kind === 'settings') {
      settings.clear();
      mail.reset();
    }
  });
  const jobSignal = new JobSignal();
  const kept = makeKeptData(keptDataOf(modules), (handler) => bus.subscribe(handler));
  return {
    ...(kept as unknown as ModuleKeptData),
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
    wakeWorker: () => jobSignal.wake(),
    jobSignal,
    requestsInFlight: new RequestsInFlight(),
    withDb: (db) => repositoriesOn(makers, db),
    workflowReactions: modules.flatMap((module) => module.workflowReactions ?? []),
    fileAccess: fileAccessOf(modules),
    noticeDocuments: noticeDocumentsOf(modules),
  };
}
