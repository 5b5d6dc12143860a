import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppStatus } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import type { ModuleContext } from '../../platform.ts';

/** What the signature check found: a report to read, or why it is refused (401 unsigned, 403 wrong). */
export type SignatureCheck = 'valid' | 'missing' | 'wrong';

/**
 * Checks `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the raw body under the Meta app
 * secret. Without a saved app secret no report is accepted.
 */
export async function checkWebhookSignature(
  ctx: Pick<ModuleContext, 'settings'>,
  rawBody: Buffer,
  header: string | undefined,
): Promise<SignatureCheck> {
  if (!header) return 'missing';
  const { appSecret } = await ctx.settings.whatsapp();
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!appSecret || !match) return 'wrong';
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex')) ? 'valid' : 'wrong';
}

/** The subscription handshake: Meta's challenge echoed when its verify token is the one saved. */
export async function webhookChallenge(
  ctx: Pick<ModuleContext, 'settings'>,
  query: Record<string, string | undefined>,
): Promise<string | null> {
  const { verifyToken } = await ctx.settings.whatsapp();
  const token = query['hub.verify_token'] ?? '';
  const same =
    verifyToken !== '' &&
    token.length === verifyToken.length &&
    timingSafeEqual(Buffer.from(token), Buffer.from(verifyToken));
  return query['hub.mode'] === 'subscribe' && same ? (query['hub.challenge'] ?? '') : null;
}

interface StatusReport {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown }>;
}

const REPORTED = new Set<WhatsAppStatus>(['sent', 'delivered', 'read', 'failed']);

/** The status reports of a webhook body (entry[].changes[].value.statuses[]); anything else is ignored. */
function statusReports(body: unknown): StatusReport[] {
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { changes?: unknown }) =>
    Array.isArray(entry?.changes)
      ? entry.changes.flatMap((change: { value?: { statuses?: unknown } }) =>
          Array.isArray(change?.value?.statuses) ? (change.value.statuses as StatusReport[]) : [],
        )
      : [],
  );
}

/** Records each status report on its message (a report for a message Trowel did not send is skipped). */
export async function recordDeliveryReports(ctx: ModuleContext, body: unknown) {
  let recorded = 0;
  for (const report of statusReports(body)) {
    const status = report.status as WhatsAppStatus;
    if (typeof report.id !== 'string' || !REPORTED.has(status) || status === 'sending') continue;
    const seconds = Number(report.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
    const problem = report.errors?.[0];
    const error = problem
      ? `${String(problem.code ?? '')} ${String(problem.title ?? problem.message ?? '')}`.trim()
      : null;
    if (await ctx.whatsapp.recordStatus(report.id, status, at, error)) recorded++;
  }
  return recorded;
}
