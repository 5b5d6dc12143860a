// What the fault runs share: a PostgreSQL cluster of their own (the faults restart it; the machine's
// shared server is never touched), a local mail provider that keeps what it is given, and the
// settings every server and worker process of a run starts with.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster, type PostgresCluster } from '@trowel/server/test/postgres-cluster.ts';
import { startTestSmtp, type TestSmtp } from '@trowel/server/test/smtp.ts';
import { call, signIn } from '@trowel/server/test/faults/company.ts';
import { cleanups } from './cleanup.ts';

/** Where the fault runs' ports start (the first free one from each is taken): PostgreSQL, the API servers. */
export const FAULT_PORTS = {
  postgres: Number(process.env.BENCH_FAULTS_PG_PORT ?? 4690),
  server: Number(process.env.BENCH_FAULTS_SERVER_PORT ?? 4660),
};

export interface FaultEnv {
  cluster: PostgresCluster;
  smtp: TestSmtp;
  admin: { email: string; password: string };
  /** The settings of a server or worker process on `databaseUrl`, with a data directory of its own. */
  settings(databaseUrl: string, extra?: Record<string, string>): Record<string, string>;
  /** Saves the mail settings through the API (the provider is the local sink, named by SMTP_URL). */
  configureEmail(origin: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultEnv(): Promise<FaultEnv> {
  const cluster = await startPostgresCluster(FAULT_PORTS.postgres);
  const smtp = await startTestSmtp();
  const dataDirs: string[] = [];
  const admin = { email: 'fault-admin@trowel.test', password: randomBytes(9).toString('base64url') };
  const appSecret = randomBytes(32).toString('base64url');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    cleanups.delete(close);
    await smtp.close();
    cluster.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(close);
  return {
    cluster,
    smtp,
    admin,
    settings(databaseUrl, extra = {}) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-faults-'));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        APP_SECRET: appSecret,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SMTP_URL: smtp.url,
        ...extra,
      };
    },
    async configureEmail(origin) {
      await call(
        origin,
        'PUT',
        '/api/admin/settings/email/zeptomail',
        { zeptomail_api_key: 'unused-by-the-sink', zeptomail_from_email: 'notices@trowel.test' },
        await signIn(origin, admin.email, admin.password),
      );
    },
    close,
  };
}
