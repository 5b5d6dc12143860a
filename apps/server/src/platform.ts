import type { MediaProcessor } from './media-processing/processor.ts';
import type { ResultCache } from './cache/result-cache.ts';
import type { Invalidation } from './cache/invalidation-bus.ts';
import type { KeptDataDeclaration } from './cache/kept-data.ts';
import type { Config } from './config.ts';
import type { FileKind } from '@trowel/shared/files/attachment.schemas.ts';
import type { Database, Db } from './db/client.ts';
import type { AttachmentRow } from './db/schema/files.ts';
import type { AuthUser } from './http/access.ts';
import type { RequestsInFlight } from './http/requests-in-flight.ts';
import type { JobSignal } from './jobs/job-signal.ts';
import { jobQueue } from './jobs/jobs.repository.ts';
import { attachmentsRepository } from './files/attachments.repository.ts';
import { uploadSessionsRepository } from './files/upload-sessions.repository.ts';
import { settingsRepository } from './settings/settings.repository.ts';
import { mailRepository } from './mail/mail.repository.ts';
import type { Mailer } from './mail/transport.ts';
import type { NoticeDocumentKind, RenderedDocument } from './notices/notice-documents.ts';
import { noticesRepository } from './notices/notices.repository.ts';
import { preferencesRepository, type PersonalPreferences } from './preferences/preferences.repository.ts';
import type { SystemSettings } from './settings/system-settings.ts';
import type { FileStorage } from './storage/storage.ts';
import { statusHistoryRepository } from './workflow/status-history.repository.ts';
import { compareAndSetRepository } from './workflow/compare-and-set.repository.ts';
import type { WorkflowReaction } from './workflow/reaction.ts';

/** The repositories of the lower layers (jobs, files and resumable uploads, mail, notices, preferences, settings, workflow). */
export const platformRepositoryMakers = {
  jobs: jobQueue,
  attachments: attachmentsRepository,
  uploadSessions: uploadSessionsRepository,
  notices: noticesRepository,
  statusHistory: statusHistoryRepository,
  compareAndSet: compareAndSetRepository,
  settingsStore: settingsRepository,
  preferences: preferencesRepository,
  mailStore: mailRepository,
} satisfies RepositoryMakers;

export type PlatformRepositories = RepositoriesOf<typeof platformRepositoryMakers>;

/** A set of repository makers: each is made on a database or a transaction, when first used. */
export type RepositoryMakers = Record<string, (db: Db) => object>;

/** The repositories a set of makers makes. */
export type RepositoriesOf<Makers extends RepositoryMakers> = {
  [Name in keyof Makers]: ReturnType<Makers[Name]>;
};

/** What of a module the context is made with: its repositories and its reactions to other workflows' steps. */
export interface ModuleParts {
  /** Its repositories, on the context and on every transaction's `withDb`; its manifest adds their types to `Repositories`. */
  repositories?: RepositoryMakers;
  /** What it does in the transaction of another workflow's step. */
  workflowReactions?: readonly WorkflowReaction[];
  /**
   * What it keeps in memory (list totals, whole answers) and which published changes drop it; made
   * once per process, on the context by name, its manifest adds their types to `ModuleKeptData`.
   */
  keptData?: Readonly<Record<string, KeptDataDeclaration>>;
  /** Who may open the kinds of file it stores (one module per kind). */
  fileAccess?: FileAccessRules;
  /** The documents it draws for notices that carry one (one module per kind). */
  noticeDocuments?: NoticeDocumentSources;
}

/**
 * What a module's services are given: the platform (configuration, database, storage, mail, the
 * repositories) and the kept data they name, their module's own or the shared list pages.
 */
export type ModuleContext<Kept extends keyof ModuleKeptData = never> = PlatformContext &
  Pick<ModuleKeptData, Kept>;

/** Who may open a stored file of one kind (`files/file-access.ts` applies it; nothing is allowed without one). */
export interface FileAccessRule {
  /** Who may open a file of this kind, in words (for the docs and the reviewer). */
  who: string;
  mayOpen(ctx: PlatformContext, viewer: AuthUser | null, file: AttachmentRow): Promise<boolean>;
}

/** The access rules of the kinds of file a module stores. */
export type FileAccessRules = Partial<Readonly<Record<FileKind, FileAccessRule>>>;

/**
 * Draws a notice's document for the person told, or answers null when they may not read it (by the
 * owning module's own rules) or it is gone.
 */
export type NoticeDocumentSource = (
  ctx: PlatformContext,
  id: string,
  readerId: string,
) => Promise<RenderedDocument | null>;

/** The sources of the kinds of document notices carry. */
export type NoticeDocumentSources = Partial<Readonly<Record<NoticeDocumentKind, NoticeDocumentSource>>>;

/** The kept data of the modules, completed by each module's manifest (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the module manifests
export interface ModuleKeptData {}

/**
 * The repositories a transaction is given: the platform's, completed by each module's manifest with
 * its own (declaration merging), so the lower layers hand a module's workflow step its repositories
 * without importing any module.
 */
export interface Repositories extends PlatformRepositories {}

/**
 * What the lower layers (files, jobs, mail, preferences, workflow) are given: configuration, the
 * database, file storage, the platform's services and caches, and the repositories.
 */
export interface PlatformContext extends Repositories {
  config: Config;
  database: Database;
  db: Db;
  storage: FileStorage;
  /** Drops cached data here and in every other process after a change. */
  invalidate(event: Invalidation): Promise<void>;
  /** The system settings every module reads (QS review, vendor auto-login, email), kept until changed. */
  settings: SystemSettings;
  /** People's saved preferences, read on every settings screen and sign-in; dropped when anyone saves theirs. */
  preferenceCache: ResultCache<PersonalPreferences>;
  /** The one mail service: sends now through the SMTP transport of the email settings (or SMTP_URL). */
  mail: Mailer;
  /** Makes image and video variants in a process of its own, below everything else (started on first use). */
  processor: MediaProcessor;
  /** Wakes the in-process job workers after work was queued (a no-op when workers run elsewhere). */
  wakeWorker: () => void;
  /** What `wakeWorker` signals; a worker of this process listens to it while it runs. */
  jobSignal: JobSignal;
  /** The requests this process is answering now: its job worker gives way to a burst of them. */
  requestsInFlight: RequestsInFlight;
  /** The same repositories bound to a transaction. */
  withDb(db: Db): Repositories;
  /** What modules do in the transaction of another workflow's step (the workflow engine runs them). */
  workflowReactions: readonly WorkflowReaction[];
  /** Who may open each kind of stored file, from the modules that store them. */
  fileAccess: FileAccessRules;
  /** The documents notices carry, drawn by the modules that own them. */
  noticeDocuments: NoticeDocumentSources;
}
