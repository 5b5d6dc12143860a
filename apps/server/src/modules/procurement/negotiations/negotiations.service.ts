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
import { pricesVisible, SEALED_BID_MESSAGES } from '@trowel/shared/procurement/sealed-bids.ts';
import { negotiationMachine } from '@trowel/shared/workflow/negotiation.machine.ts';
import { historyAmount } from '@trowel/shared/workflow/history-amounts.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, notFound } from '../../../http/app-error.ts';
import type { Repositories } from '../../../context.ts';
import type { ModuleContext } from '../../../platform.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors.ts';
import type { LockedRfq } from './negotiations.repository.ts';
import { inWorkflow, takeStep } from '../../../workflow/engine.ts';

type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

const PROCUREMENT_STAFF = ['admin', 'quantity_surveyor'] as const;
const staffLink = (rfqId: string) => `/procurement/rfqs/${rfqId}`;
const vendorLink = (rfqId: string) => `/rfqs/${rfqId}`;

/** The RFQ step a negotiation call takes, on the RFQ locked for it (404 when there is none). */
const rfqStep = (rfqId: string) =>
  ({
    machine: rfqMachine,
    id: rfqId,
    noun: 'RFQ',
    lock: (repos: Repositories) => repos.negotiations.lockRfq(rfqId),
    invalidates: { kind: 'procurement' },
  }) as const;

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
  ctx: ModuleContext,
  actor: Actor,
  rfqId: string,
  input: NegotiateFields,
): Promise<NegotiationDto> {
  const id = await inWorkflow(ctx, async (tx) => {
    const { saved } = await tx.step({
      ...rfqStep(rfqId),
      action: 'negotiate',
      actor,
      refusal: (status) => `A negotiation cannot be sent while the RFQ is ${status}`,
      apply: async (repos, rfq, next) => {
        const offer = await insertOffer(repos, actor, rfq, input);
        if (next !== rfq.status) await repos.rfqs.update(rfqId, { status: next });
        return offer;
      },
      remarks: ({ saved: { negotiation, vendor } }) =>
        `${input.isCounterOffer ? 'Counter negotiation' : 'Negotiation'} #${negotiation.number} sent to ${vendor.name}: ${historyAmount(negotiation.totalAmount)}`,
    });
    const { negotiation, vendor, rfq } = saved;
    await tx.create({
      machine: negotiationMachine,
      id: negotiation.id,
      status: negotiation.status,
      actor,
      remarks: input.negotiationNotes,
      notify: [
        {
          type: 'rfq',
          title: input.isCounterOffer ? 'Counter negotiation received' : 'Price negotiation received',
          message: `${actor.name} proposed new prices on "${rfq.title}": ${formatNaira(negotiation.totalAmount)} in total. Please accept, reject or counter.`,
          link: vendorLink(rfqId),
          projectId: rfq.projectId,
          recipientUsers: [vendor.userId],
        },
      ],
      invalidates: { kind: 'procurement' },
    });
    return negotiation.id;
  }).catch((error: unknown) => {
    // Two offers to one vendor at the same moment: the partial unique index lets one stand.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('CONFLICT', NEGOTIATION_ERRORS.alreadyAwaiting);
    }
    throw error;
  });
  return (await ctx.negotiations.findDto(id))!;
}

/**
 * The offer of a negotiation step, on the locked RFQ: to an active vendor who was sent the RFQ and
 * quoted every item, naming those items once each; a counter negotiation answers the vendor's
 * counter offer. At most one offer awaits a vendor at a time (409).
 */
async function insertOffer(repos: Repositories, actor: Actor, rfq: LockedRfq, input: NegotiateFields) {
  const rfqId = rfq.id;
  // No bid is known before the opening: nothing to negotiate on, whoever bid.
  if (!pricesVisible(rfq)) throw new AppError('CONFLICT', SEALED_BID_MESSAGES.stillSealed);
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
  return { rfq, vendor, negotiation };
}

/** The object check of a vendor's answer: only the vendor it is addressed to sees it (others 404). */
export async function assertAddressee(
  ctx: ModuleContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
) {
  const addressee = await ctx.negotiations.addressee(rfqId, negotiationId);
  if (!addressee || addressee.vendorUserId !== actor.id) throw notFound('Negotiation');
}

/** The object check of sending a negotiation: the RFQ exists (404 before the body is read). */
export async function assertRfqExists(ctx: ModuleContext, rfqId: string) {
  if (!(await ctx.negotiations.rfqExists(rfqId))) throw notFound('RFQ');
}

/** The object check of a staff step on a negotiation: it exists on that RFQ. */
export async function assertNegotiationExists(ctx: ModuleContext, rfqId: string, negotiationId: string) {
  if (!(await ctx.negotiations.addressee(rfqId, negotiationId))) throw notFound('Negotiation');
}

/** The object check of reading a negotiation: procurement staff, and the vendor it is addressed to. */
export async function assertMaySeeNegotiation(
  ctx: ModuleContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
) {
  if (can(actor, 'procurement:access')) return assertNegotiationExists(ctx, rfqId, negotiationId);
  await assertAddressee(ctx, actor, rfqId, negotiationId);
}

export async function getNegotiation(ctx: ModuleContext, negotiationId: string): Promise<NegotiationDto> {
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
  ctx: ModuleContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
  answer: Answer,
): Promise<NegotiationDto> {
  await takeStep(ctx, {
    machine: negotiationMachine,
    id: negotiationId,
    action: answer.action,
    actor,
    noun: 'Negotiation',
    refusal: (status) =>
      status === 'withdrawn' ? NEGOTIATION_ERRORS.withdrawn : 'This negotiation has already been answered',
    lock: async (repos) => {
      const rfq = await repos.negotiations.lockRfq(rfqId);
      const locked = await repos.negotiations.lock(rfqId, negotiationId);
      if (!rfq || !locked || locked.vendorUserId !== actor.id) return null;
      return { ...locked, rfq, status: locked.negotiation.status };
    },
    apply: async (repos, { rfq, negotiation }, next) => {
      if (rfq.status !== 'under_negotiation')
        throw new AppError('INVALID_STATE', NEGOTIATION_ERRORS.rfqNotNegotiating);
      await applyAnswer(repos, negotiation.id, next, answer);
    },
    remarks:
      answer.action === 'reject'
        ? answer.reason || null
        : answer.action === 'counter'
          ? answer.input.notes || null
          : null,
    notify: ({ row: { rfq, negotiation, vendorName } }) => [
      {
        type: 'rfq',
        title: ANSWER_TEXT[answer.action].title,
        message: `${vendorName} ${ANSWER_TEXT[answer.action].verb} negotiation #${negotiation.number} on "${rfq.title}".`,
        link: staffLink(rfqId),
        projectId: rfq.projectId,
        recipientRoles: PROCUREMENT_STAFF,
      },
    ],
    invalidates: { kind: 'procurement' },
  });
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
  ctx: ModuleContext,
  actor: Actor,
  rfqId: string,
  negotiationId: string,
  notes: string | null,
): Promise<void> {
  await takeStep(ctx, {
    ...rfqStep(rfqId),
    action: 'approve_final_terms',
    actor,
    refusal: (status) => `Final terms cannot be approved while the RFQ is ${status}`,
    apply: async (repos, _rfq, next) => {
      const locked = await repos.negotiations.lock(rfqId, negotiationId);
      if (!locked) throw notFound('Negotiation');
      const { negotiation } = locked;
      const latest = await repos.negotiations.latestOfVendor(rfqId, negotiation.vendorId);
      if (negotiation.status !== 'vendor_accepted' || latest !== negotiation.id) {
        throw new AppError('INVALID_STATE', NEGOTIATION_ERRORS.noAcceptedTerms);
      }
      await repos.rfqs.update(rfqId, { status: next, recommendedVendorId: negotiation.vendorId });
      return locked;
    },
    remarks: ({ saved: { negotiation, vendorName } }) =>
      `Final terms of negotiation #${negotiation.number} with ${vendorName}: ${historyAmount(negotiation.totalAmount)}` +
      (notes ? `. ${notes}` : ''),
    notify: ({ row: rfq, saved: { negotiation, vendorName } }) => [
      {
        type: 'rfq',
        title: 'RFQ awaiting approval',
        message: `${actor.name} approved the final terms of ${vendorName} on "${rfq.title}" (${formatNaira(negotiation.totalAmount)}). Please select and approve.`,
        link: staffLink(rfqId),
        projectId: rfq.projectId,
        recipientRoles: ['admin'],
      },
    ],
  });
}
