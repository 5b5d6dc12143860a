import path from 'node:path';
import { z } from 'zod';
import { isSafeKey } from './storage/storage.ts';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  WHATSAPP_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL such as https://graph.facebook.com/v21.0',
    })
    .default('https://graph.facebook.com/v21.0'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://trowel.example.com' }).optional(),
  SEED_DEMO: boolean.default(true),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters long').optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24 * 30),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: boolean.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  RUN_WORKER: boolean.default(true),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(300),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1 or auto')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL such as http://127.0.0.1:9000',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolean.default(false),
  S3_PREFIX: z
    .string()
    .transform((prefix) => prefix.replace(/\/+$/, ''))
    .refine(
      isSafeKey,
      'must be letters, digits, dots, underscores, hyphens and slashes, such as trowel/files',
    )
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a VAPID public key (base64url)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (base64url)')
    .optional(),
  VAPID_SUBJECT: z
    .url({ protocol: /^(https|mailto)$/, error: 'must be an https: URL or a mailto: address' })
    .optional(),
  PUSH_ENDPOINT_ALLOWLIST: z.string().optional(),
});

/** Static S3 keys come as a pair; with neither, the SDK's default credential chain is used. */
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const [missing, present] = env.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    context.addIssue({ code: 'custom', path: [missing], message: `must be set when ${present} is` });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const [missing, present] = env.VAPID_PUBLIC_KEY
      ? ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY']
      : ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];
    context.addIssue({ code: 'custom', path: [missing], message: `must be set when ${present} is` });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** Overrides the mail transport of the email settings (a self-hosted relay; tests). */
  smtpUrl: string | undefined;
  /** The WhatsApp Cloud API (Graph API) base, with its version; a local fake in tests. */
  whatsappApiUrl: string;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  appSecret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimit: number;
  jobConcurrency: number;
  /** How long a claimed job is held without a sign of life before another worker may take it over. */
  jobLeaseSeconds: number;
  runWorker: boolean;
  webDist: string;
  /** Set when S3_BUCKET is: files then live in that bucket instead of DATA_DIR/files. */
  s3: S3Config | undefined;
  push: PushConfig;
}

export interface PushConfig {
  /** The VAPID key pair given in the environment; unset: generated once into DATA_DIR. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may contact about this server (VAPID `sub`). */
  subject: string;
  /** Origins subscriptions may point at, replacing the browsers' push services (tests). */
  endpointAllowlist: string[] | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key with a slash; no trailing slash. */
  prefix: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = checkedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    whatsappApiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    seedDemo: e.SEED_DEMO,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    runWorker: e.RUN_WORKER,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith('https:')
          ? e.PUBLIC_URL
          : `mailto:${e.ADMIN_EMAIL ?? 'admin@trowel.invalid'}`),
      endpointAllowlist: e.PUSH_ENDPOINT_ALLOWLIST?.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    },
  };
}
