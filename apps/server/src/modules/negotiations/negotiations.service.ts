import { can } from '@trowel/shared/auth/policy.ts';
import {
  NEGOTIATION_ERRORS,
  type CounterOfferFields,
  type NegotiateFields,
  type NegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { exceedsMaxAmount, sumNaira, toKobo } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import { negotiationMachine } from '@trowel/shared/workflow/negotiation.machine.ts';
import { historyAmount } from '@trowel/shared/workflow/history-amounts.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { AppContext, Repositories } from '../../context.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import type { LockedRfq } from './negotiations.repository.ts';
import { withdrawAwaitingOffers } from '../../workflow/negotiation-withdrawal.ts';

type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

const PROCUREMENT_STAFF = ['admin', 'quantity_surveyor'] as const;
const staffLink = (rfqId: string) => `/procurement/rfqs/${rfqId}`;
const vendorLink = (rfqId: string) => `/rfqs/${rfqId}`;

/** The RFQ step of an action, refused as the machine says (403 role, 409 state). */
function checkRfqStep(rfq: LockedRfq, action: 'negotiate' | 'approve_final_terms', actor: Actor) {
  const check = rfqMachine.check(rfq.status, action, actor.role);
  if (check.allowed) return check.next;
  if (check.refusal === 'role') throw forbidden();
  if (action === 'approve_final_terms') {
    throw new AppError('INVALID_STATE', `Final terms cannot be approved while the RFQ is ${rfq.status}`);
  }
  throw new AppError('INVALID_STATE', `A negotiation cannot be sent while the RFQ is ${rfq.status}`);
}

/** Every id of `expected` exactly once in `given`. */
function sameItems(expected: readonly string[], given: readonly string[]): boolean {
  return (
    given.length === expected.length &&
    new Set(given).size === given.length &&
    given.every((id) => expected.includes(id))
  );
}

/**
 * Staff send a vendor who quoted new prices, item by item (or answer the vendor's counter with a
 * counter negotiation). Totals are recomputed here from the RFQ's quantities and the original
 * prices taken from the vendor's quote; the RFQ moves to under_negotiation; the vendor is told.
 */
export async function sendNegotiation(
  ctx: AppContext,
  actor: Actor,
  rfqId: string,
  input: NegotiateFields,
): Promise<NegotiationDto> {
  const id = await ctx.db
    .transaction(async (tx) => {
      const repos = ctx.withDb(tx);
      const rfq = await repos.negotiations.lockRfq(rfqId);
      if (!rfq) throw notFound('RFQ');
      const next = checkRfqStep(rfq, 'negotiate', actor);
      const vendor = await repos.negotiations.vendorOnRfq(rfqId, input.vendorId);
      if (!vendor || !vendor.invited) throw badRequest(NEGOTIATION_ERRORS.vendorDidNotQuote);
      if (vendor.status !== 'active') throw badRequest('This vendor is not active');
      const quote = await repos.negotiations.quote(rfqId, vendor.id);
      if (!quote || quote.items.length === 0) throw badRequest(NEGOTIATION_ERRORS.vendorDidNotQuote);
      if (
        quote.items.length !== quote.itemCount ||
        !sameItems(
          quote.items.map((item) => item.itemId),
          input.items.map((item) => item.itemId),
        )
      ) {
        throw badRequest(NEGOTIATION_ERRORS.itemsMustMatch);
      }
      let originalNegotiationId: string | null = null;
      if (input.isCounterOffer) {
        const original = await repos.negotiations.lock(rfqId, input.originalNegotiationId!);
        if (
          !original ||
          original.negotiation.vendorId !== vendor.id ||
          original.negotiation.status !== 'vendor_counter_offered'
        ) {
          throw badRequest(NEGOTIATION_ERRORS.originalNotCountered);
        }
        originalNegotiationId = original.negotiation.id;
      }
      if (await repos.negotiations.hasAwaiting(rfqId, vendor.id)) {
        throw new AppError('CONFLICT', NEGOTIATION_ERRORS.alreadyAwaiting);
      }

      const offered = new Map(input.items.map((item) => [item.itemId, item]));
      const items = quote.items.map((quoted) => {
        const offer = offered.get(quoted.itemId)!;
        return {
          itemId: quoted.itemId,
          position: quoted.position,
          originalUnitPrice: quoted.unitPrice,
          originalTotalPrice: lineTotal(quoted.quantity, quoted.unitPrice),
          negotiatedUnitPrice: offer.negotiatedUnitPrice,
          negotiatedTotalPrice: lineTotal(quoted.quantity, offer.negotiatedUnitPrice),
          notes: offer.negotiationNotes,
        };
      });
      const totalAmount = sumNaira(items.map((item) => item.negotiatedTotalPrice));
      if (exceedsMaxAmount(toKobo(totalAmount))) throw badRequest(NEGOTIATION_ERRORS.totalTooLarge);
      const negotiation = await repos.negotiations.insert(
        {
          rfqId,
          vendorId: vendor.id,
          negotiatedBy: actor.id,
          isCounterOffer: input.isCounterOffer,
          originalNegotiationId,
          originalTotal: quote.totalAmount,
          totalAmount,
          notes: input.negotiationNotes,
        },
        items,
      );
      if (next !== rfq.status) await repos.negotiations.setRfqStatus(rfqId, next);
      const what = input.isCounterOffer ? 'Counter negotiation' : 'Negotiation';
      await repos.statusHistory.record({
        workflow: 'rfq',
        entityId: rfqId,
        action: 'negotiate',
        fromStatus: rfq.status,
        toStatus: next,
        actorId: actor.id,
        remarks: `${what} #${negotiation.number} sent to ${vendor.name}: ${historyAmount(totalAmount)}`,
      });
      await repos.statusHistory.record({
        workflow: 'negotiation',
        entityId: negotiation.id,
        action: input.isCounterOffer ? 'counter_negotiate' : 'negotiate',
        fromStatus: null,
        toStatus: negotiation.status,
        actorId: actor.id,
        remarks: input.negotiationNotes,
      });
      await repos.notifications.create({
        type: 'rfq',
        title: input.isCounterOffer ? 'Counter negotiation received' : 'Price negotiation received',
        message: `${actor.name} proposed new prices on "${rfq.title}": ${formatNaira(totalAmount)} in total. Please accept, reject or counter.`,
        link: vendorLink(rfqId),
        projectId: rfq.projectId,
        recipientUsers: [vendor.userId],
        excludeUserId: actor.id,
      });
      return negotiation.id;
    })
    .catch((error: unknown) => {
      // Two offers to one vendor at the same moment: the partial unique index lets one stand.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) {
        throw new AppError('CONFLICT', NEGOTIATION_ERRORS.alreadyAwaiting);
      }
      throw error;
    });
  await afterChange(ctx);
  return (await ctx.negotiations.findDto(id))!;
}

/** Kept procurement answers (which carry negotiations) and notification feeds go stale in every process. */
async function afterChange(ctx: AppContext) {
  await ctx.invalidate({ kind: 'procurement' });
  ctx.wakeWorker();
}

/** The object check of a vendor's answer: only the vendor it is addressed to sees it (others 404). */
export async function assertAddressee(ctx: AppContext, actor: Actor, rfqId: string, negotiationId: string) {
  const addressee = await ctx.negotiations.addressee(rfqId, negotiationId);
  if (!addressee || addressee.vendorUserId !== actor.id) throw notFound('Negotiation');
}

/** The object check of sending a negotiation: the RFQ exists (404 before the body is read). */
export async function assertRfqExists(ctx: AppContext, rfqId: string) {
  if (!(await ctx.negotiations.rfqExists(rfqId))) throw notFound('RFQ');
}

/** The object check of a staff step on a negotiation: it exists on that RFQ. */
export async function assertNegotiationExists(ctx: AppContext, rfqId: string, negotiationId: string) {
  if (!(await ctx.negotiations.addressee(rfqId, negotiationId))) throw notFound('Negotiation');
}

/** The object check of reading a negotiation: procurement staff, and the vendor it is addressed to. */
export async function assertMaySeeNegotiation(
  ctx: AppContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
) {
  if (can(actor, 'procurement:access')) return assertNegotiationExists(ctx, rfqId, negotiationId);
  await assertAddressee(ctx, actor, rfqId, negotiationId);
}

export async function getNegotiation(ctx: AppContext, negotiationId: string): Promise<NegotiationDto> {
  const negotiation = await ctx.negotiations.findDto(negotiationId);
  if (!negotiation) throw notFound('Negotiation');
  return negotiation;
}

type Answer =
  | { action: 'accept' }
  | { action: 'reject'; reason: string }
  | { action: 'counter'; input: CounterOfferFields };

const ANSWER_TEXT = {
  accept: { title: 'Negotiation accepted', verb: 'accepted' },
  reject: { title: 'Negotiation rejected', verb: 'rejected' },
  counter: { title: 'Counter offer received', verb: 'countered' },
} as const satisfies Record<Answer['action'], { title: string; verb: string }>;

/**
 * The vendor's answer to a negotiation addressed to them: accept, reject (with an optional reason)
 * or counter with their own prices. One transaction under the RFQ's and the negotiation's locks, so
 * of two answers at the same moment one stands and the other answers 409; staff are told.
 */
export async function answerNegotiation(
  ctx: AppContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
  answer: Answer,
): Promise<NegotiationDto> {
  await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const rfq = await repos.negotiations.lockRfq(rfqId);
    const locked = await repos.negotiations.lock(rfqId, negotiationId);
    if (!rfq || !locked || locked.vendorUserId !== actor.id) throw notFound('Negotiation');
    const { negotiation } = locked;
    const check = negotiationMachine.check(negotiation.status, answer.action, actor.role);
    if (!check.allowed) {
      if (check.refusal === 'role') throw forbidden();
      throw new AppError(
        'INVALID_STATE',
        negotiation.status === 'withdrawn'
          ? NEGOTIATION_ERRORS.withdrawn
          : 'This negotiation has already been answered',
      );
    }
    if (rfq.status !== 'under_negotiation')
      throw new AppError('INVALID_STATE', NEGOTIATION_ERRORS.rfqNotNegotiating);
    await applyAnswer(repos, negotiation.id, check.next, answer);
    await repos.statusHistory.record({
      workflow: 'negotiation',
      entityId: negotiation.id,
      action: answer.action,
      fromStatus: negotiation.status,
      toStatus: check.next,
      actorId: actor.id,
      remarks:
        answer.action === 'reject'
          ? answer.reason || null
          : answer.action === 'counter'
            ? answer.input.notes || null
            : null,
    });
    const text = ANSWER_TEXT[answer.action];
    await repos.notifications.create({
      type: 'rfq',
      title: text.title,
      message: `${locked.vendorName} ${text.verb} negotiation #${negotiation.number} on "${rfq.title}".`,
      link: staffLink(rfqId),
      projectId: rfq.projectId,
      recipientRoles: PROCUREMENT_STAFF,
      excludeUserId: actor.id,
    });
  });
  await afterChange(ctx);
  return getNegotiation(ctx, negotiationId);
}

async function applyAnswer(
  repos: Repositories,
  negotiationId: string,
  status: NegotiationDto['status'],
  answer: Answer,
) {
  if (answer.action === 'accept') {
    await repos.negotiations.answer(negotiationId, { status });
    return;
  }
  if (answer.action === 'reject') {
    await repos.negotiations.answer(negotiationId, { status, rejectionReason: answer.reason || null });
    return;
  }
  const { input } = answer;
  if (input.negotiationId && input.negotiationId !== negotiationId) {
    throw badRequest(NEGOTIATION_ERRORS.negotiationIdMismatch);
  }
  const items = await repos.negotiations.items(negotiationId);
  if (
    !sameItems(
      items.map((item) => item.itemId),
      input.items.map((item) => item.itemId),
    )
  ) {
    throw badRequest(NEGOTIATION_ERRORS.counterItemsMustMatch);
  }
  const countered = new Map(input.items.map((item) => [item.itemId, item.counterUnitPrice]));
  const prices = items.map((item) => {
    const counterUnitPrice = countered.get(item.itemId)!;
    return {
      itemId: item.itemId,
      counterUnitPrice,
      counterTotalPrice: lineTotal(item.quantity, counterUnitPrice),
    };
  });
  const counterTotal = sumNaira(prices.map((price) => price.counterTotalPrice));
  if (exceedsMaxAmount(toKobo(counterTotal))) throw badRequest(NEGOTIATION_ERRORS.totalTooLarge);
  await repos.negotiations.setCounterPrices(negotiationId, prices);
  await repos.negotiations.answer(negotiationId, { status, counterTotal, counterNotes: input.notes });
}

/**
 * 'Approve Final Terms': the QS takes the terms a vendor accepted to the administrator. The
 * negotiation must be the vendor's latest and accepted; the RFQ moves to pending_admin_approval with
 * that vendor recommended, and administrators are told.
 */
export async function approveFinalTerms(
  ctx: AppContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
  notes: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const rfq = await repos.negotiations.lockRfq(rfqId);
    if (!rfq) throw notFound('RFQ');
    const next = checkRfqStep(rfq, 'approve_final_terms', actor);
    const locked = await repos.negotiations.lock(rfqId, negotiationId);
    if (!locked) throw notFound('Negotiation');
    const { negotiation } = locked;
    const latest = await repos.negotiations.latestOfVendor(rfqId, negotiation.vendorId);
    if (negotiation.status !== 'vendor_accepted' || latest !== negotiation.id) {
      throw new AppError('INVALID_STATE', NEGOTIATION_ERRORS.noAcceptedTerms);
    }
    await repos.negotiations.setRfqStatus(rfqId, next, negotiation.vendorId);
    for (const notice of await withdrawAwaitingOffers(repos, actor, rfq, next)) {
      await repos.notifications.create(notice);
    }
    await repos.statusHistory.record({
      workflow: 'rfq',
      entityId: rfqId,
      action: 'approve_final_terms',
      fromStatus: rfq.status,
      toStatus: next,
      actorId: actor.id,
      remarks:
        `Final terms of negotiation #${negotiation.number} with ${locked.vendorName}: ${historyAmount(negotiation.totalAmount)}` +
        (notes ? `. ${notes}` : ''),
    });
    await repos.notifications.create({
      type: 'rfq',
      title: 'RFQ awaiting approval',
      message: `${actor.name} approved the final terms of ${locked.vendorName} on "${rfq.title}" (${formatNaira(negotiation.totalAmount)}). Please select and approve.`,
      link: staffLink(rfqId),
      projectId: rfq.projectId,
      recipientRoles: ['admin'],
      excludeUserId: actor.id,
    });
  });
  await afterChange(ctx);
}
