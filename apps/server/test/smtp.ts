import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { TestServer, TestUser } from './harness.ts';

export interface ReceivedMail {
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** How the test server answers; change it between sends. */
export interface SmtpBehaviour {
  /** When set, AUTH must give user `emailapikey` and this password (535 otherwise). */
  password?: string;
  /** Refuses every message at DATA with this SMTP status (4xx transient, 5xx permanent). */
  refuseWith?: number;
  /** Refuses these senders at MAIL FROM with 553 (a domain not verified). */
  refuseSenders?: string[];
  /** Refuses these recipients at RCPT TO with 550. */
  refuseRecipients?: string[];
  /** Waits this long before accepting each message (a slow provider: a batch takes a while). */
  delayMs?: number;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  behaviour: SmtpBehaviour;
  /** Resolves once `count` messages in all have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const smtpError = (status: number, message: string) =>
  Object.assign(new Error(message), { responseCode: status });

/** A real SMTP server on 127.0.0.1 (a random port) that keeps what it receives, parsed. */
export async function startTestSmtp(behaviour: SmtpBehaviour = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    closeTimeout: 500,
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const expected = state.behaviour.password;
      if (expected !== undefined && (auth.username !== 'emailapikey' || auth.password !== expected))
        return callback(smtpError(535, 'Authentication Failed'));
      callback(null, { user: auth.username });
    },
    onMailFrom(address, session, callback) {
      if (state.behaviour.password !== undefined && !session.user)
        return callback(smtpError(530, 'Authentication required'));
      if (state.behaviour.refuseSenders?.includes(address.address))
        return callback(smtpError(553, `Relaying disallowed as ${address.address}`));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (state.behaviour.refuseRecipients?.includes(address.address))
        return callback(smtpError(550, 'Mailbox unavailable'));
      callback();
    },
    onData(stream, _session, callback) {
      const refuse = state.behaviour.refuseWith;
      simpleParser(stream)
        .then(async (parsed) => {
          if (state.behaviour.delayMs)
            await new Promise((resolve) => setTimeout(resolve, state.behaviour.delayMs));
          if (refuse) return callback(smtpError(refuse, refuse < 500 ? 'Try again later' : 'Refused'));
          const from = parsed.from?.value[0];
          const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          messages.push({
            from: { name: from?.name ?? '', address: from?.address ?? '' },
            to: to.flatMap((group) => group.value.map((entry) => entry.address ?? '')),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(options);
  // A client that goes away mid-session (a worker killed) is its own business, not the test's.
  server.on('error', () => undefined);
  const state = { behaviour };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next) {
      state.behaviour = next;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} emails, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Saves the email settings through the API as an administrator would, so mail goes out (to SMTP_URL's sink). */
export async function saveEmailSettings(server: Pick<TestServer, 'app'>, admin: Pick<TestUser, 'auth'>) {
  const saved = await server.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/email/zeptomail',
    headers: admin.auth,
    payload: { zeptomail_api_key: 'unused-by-the-sink', zeptomail_from_email: 'notices@trowel.test' },
  });
  if (saved.statusCode !== 200)
    throw new Error(`saving the email settings answered ${saved.statusCode}: ${saved.body}`);
}
