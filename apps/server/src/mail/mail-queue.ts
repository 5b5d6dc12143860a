import type { Config } from '../config.ts';
import type { Repositories } from '../platform.ts';
import { MAIL_JOB_ATTEMPTS } from './email-jobs.ts';

/** The job type of an email on its way out. */
export const EMAIL_JOB = 'email';

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text; every email has it. */
  text: string;
  /** A simple HTML version of the same text. */
  html?: string;
}

/**
 * Queues an email as a background job in the caller's transaction: it leaves only if the change that
 * caused it commits, never inside a request, and is retried with backoff when the mail server fails.
 */
export async function queueEmail(repos: Pick<Repositories, 'jobs'>, message: EmailMessage) {
  await repos.jobs.enqueue({ type: EMAIL_JOB, payload: { ...message }, maxAttempts: MAIL_JOB_ATTEMPTS });
}

/** An absolute link into the app for emails and shared links: PUBLIC_URL, else this server's own address. */
export function publicLink(config: Pick<Config, 'publicUrl' | 'port'>, path: string): string {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`).toString();
}
