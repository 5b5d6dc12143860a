import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  formatWhatsAppNumber,
  whatsappNumber,
  WHATSAPP_CODE,
  WHATSAPP_MESSAGES,
  type SaveWhatsAppCategoriesInput,
  type WhatsAppContact,
} from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import type { JobRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/session-token.ts';
import { WHATSAPP_CODE_JOB, WHATSAPP_JOB_ATTEMPTS } from '../../notices/whatsapp-jobs.ts';
import type { ModuleContext } from '../../platform.ts';
import { whatsappConfigured } from './graph-client.ts';
import { sendWhatsAppOnce } from './send-whatsapp-once.ts';

/** The purpose a code is sealed for in its job's payload (the job row never holds it in clear). */
const CODE_PURPOSE = 'whatsapp-code';

const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/** A person's WhatsApp number, whether verified, and the categories they receive on it. */
export async function getWhatsAppContact(ctx: ModuleContext, userId: string): Promise<WhatsAppContact> {
  const [contact, configured] = await Promise.all([ctx.whatsapp.contact(userId), whatsappConfigured(ctx)]);
  return {
    configured,
    phone: contact?.phone ? formatWhatsAppNumber(contact.phone) : null,
    verified: Boolean(contact?.phone),
    pendingPhone: contact?.pendingPhone ? formatWhatsAppNumber(contact.pendingPhone) : null,
    projectUpdates: Boolean(contact?.phone && contact.projectUpdates),
    systemAlerts: Boolean(contact?.phone && contact.systemAlerts),
  };
}

/**
 * Sends a six-digit code to a number, as a template message from the job queue; a new code replaces
 * the last. The number becomes the person's only once the code comes back (verifyWhatsAppCode).
 */
export async function requestWhatsAppCode(ctx: ModuleContext, userId: string, phone: string) {
  const to = whatsappNumber(phone);
  if (!to) throw badRequest(WHATSAPP_MESSAGES.numberInvalid);
  if (!(await whatsappConfigured(ctx)))
    throw new AppError('WHATSAPP_NOT_CONFIGURED', WHATSAPP_MESSAGES.notConfigured);
  const code = String(randomInt(0, 10 ** WHATSAPP_CODE.length)).padStart(WHATSAPP_CODE.length, '0');
  const expiresAt = new Date(Date.now() + WHATSAPP_CODE.ttlMinutes * 60_000);
  await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    await repos.whatsapp.saveCode(userId, to, codeHash(userId, code), expiresAt);
    await repos.jobs.enqueue({
      type: WHATSAPP_CODE_JOB,
      payload: { userId, to, code: sealSecret(ctx.config.appSecret!, CODE_PURPOSE, code) },
      maxAttempts: WHATSAPP_JOB_ATTEMPTS,
    });
  });
  ctx.wakeWorker();
  return getWhatsAppContact(ctx, userId);
}

/** The `whatsapp-code` job: the code to the number it was asked for, once. */
export async function sendWhatsAppCode(ctx: ModuleContext, job: JobRow): Promise<Record<string, unknown>> {
  const { userId, to, code } = job.payload as { userId: string; to: string; code: string };
  const opened = openSecret(ctx.config.appSecret!, CODE_PURPOSE, code);
  if (opened === null) return { sent: 0, skipped: 'The code could not be opened' };
  const outcome = await sendWhatsAppOnce(
    ctx,
    { dedupeKey: `code:${job.id}`, userId, event: 'verification_code', toPhone: to },
    { parameters: [opened] },
  );
  return { outcome };
}

/**
 * Checks the code sent to the pending number: right and in time, the number is verified (and
 * project updates chosen the first time); wrong, a try is counted, and after the last one, or once
 * expired, the code no longer works (409) and a new one must be asked for.
 */
export async function verifyWhatsAppCode(ctx: ModuleContext, userId: string, code: string) {
  const contact = await ctx.whatsapp.contact(userId);
  if (!contact?.pendingPhone || !contact.codeHash || !contact.codeExpiresAt)
    throw new AppError('WHATSAPP_CODE_EXPIRED', WHATSAPP_MESSAGES.codeMissing);
  if (contact.codeAttempts >= WHATSAPP_CODE.maxAttempts)
    throw new AppError('WHATSAPP_CODE_EXPIRED', WHATSAPP_MESSAGES.tooManyAttempts);
  if (contact.codeExpiresAt.getTime() <= Date.now())
    throw new AppError('WHATSAPP_CODE_EXPIRED', WHATSAPP_MESSAGES.codeExpired);
  const right = timingSafeEqual(Buffer.from(codeHash(userId, code)), Buffer.from(contact.codeHash));
  if (!right) {
    const attempts = await ctx.whatsapp.countWrongCode(userId);
    if (attempts >= WHATSAPP_CODE.maxAttempts)
      throw new AppError('WHATSAPP_CODE_EXPIRED', WHATSAPP_MESSAGES.tooManyAttempts);
    throw badRequest(WHATSAPP_MESSAGES.codeWrong);
  }
  await ctx.whatsapp.verify(userId, contact.pendingPhone, !contact.phone);
  return getWhatsAppContact(ctx, userId);
}

/** Chooses the categories sent on WhatsApp: only with a verified number (409 otherwise). */
export async function saveWhatsAppCategories(
  ctx: ModuleContext,
  userId: string,
  input: SaveWhatsAppCategoriesInput,
) {
  const contact = await ctx.whatsapp.contact(userId);
  if (!contact?.phone) throw new AppError('INVALID_STATE', WHATSAPP_MESSAGES.verifyFirst);
  await ctx.whatsapp.saveCategories(userId, input);
  return getWhatsAppContact(ctx, userId);
}

/** Opts out altogether: the number is forgotten. */
export async function removeWhatsAppContact(ctx: ModuleContext, userId: string) {
  await ctx.whatsapp.remove(userId);
  return getWhatsAppContact(ctx, userId);
}
