import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import {
  bidsClosed,
  openingComplete,
  OPENING_ROLES,
  SEALED_BID_MESSAGES as MESSAGES,
} from '@trowel/shared/procurement/sealed-bids.ts';
import type { ModuleContext } from '../../../platform.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, forbidden, notFound } from '../../../http/app-error.ts';
import { inWorkflow } from '../../../workflow/engine.ts';
import { reactionTo } from '../../../workflow/workflow-transaction.ts';
import { STEPS_NEEDING_OPEN_BIDS, pricesVisible } from '@trowel/shared/procurement/sealed-bids.ts';
import { openBid } from './sealed-bid.ts';
import { staffRfq } from './rfqs.service.ts';

/**
 * POST /rfqs/{id}/open: one person's confirmation of the opening of a sealed RFQ's bids, after its
 * deadline. Under the RFQ's lock, so two confirmations at once are taken one after the other: the one
 * that completes the pair (a QS and an administrator, two people) opens every bid together — each
 * sealed bid opened with the app secret and written in clear — records the opening in the history and
 * tells every bidder. The same person twice is 409; so is an RFQ not sealed, already open, or before
 * its deadline.
 */
export async function confirmBidOpening(ctx: ModuleContext, actor: AuthUser, rfqId: string) {
  if (!OPENING_ROLES.includes(actor.role)) throw forbidden();
  await inWorkflow(ctx, async (tx) => {
    const rfq = await tx.repos.rfqs.lock(rfqId);
    if (!rfq) throw notFound('RFQ');
    if (!rfq.sealed) throw new AppError('CONFLICT', MESSAGES.notSealed);
    if (rfq.openedAt) throw new AppError('CONFLICT', MESSAGES.alreadyOpen);
    if (!bidsClosed(rfq.bidDeadline)) {
      throw new AppError('CONFLICT', MESSAGES.beforeDeadline(rfq.bidDeadline!.toISOString()));
    }
    if (!(await tx.repos.rfqs.confirmOpening(rfqId, actor.id, actor.role))) {
      throw new AppError('CONFLICT', MESSAGES.confirmedTwice);
    }
    const confirmations = await tx.repos.rfqs.openings(rfqId);
    const mine = confirmations.find((confirmation) => confirmation.userId === actor.id)!;
    if (!openingComplete(confirmations)) {
      await tx.record({
        machine: rfqMachine,
        id: rfqId,
        event: 'confirm-opening',
        status: rfq.status,
        actor,
        remarks: `${mine.name} confirmed the opening`,
        invalidates: { kind: 'procurement' },
      });
      await tx.notify(actor, [
        {
          type: 'rfq',
          title: MESSAGES.confirmTitle,
          message: MESSAGES.confirmed(mine.name, rfq.number),
          link: `/procurement/rfqs/${rfqId}`,
          projectId: rfq.projectId,
          recipientRoles: ['admin', 'quantity_surveyor'],
        },
      ]);
      return;
    }
    const bids = await tx.repos.rfqs.sealedBids(rfqId);
    for (const bid of bids) {
      const content = openBid(ctx.config.appSecret!, rfqId, bid.sealedBid!);
      await tx.repos.rfqs.openBid(bid.id, content.totalAmount, content.items);
    }
    await tx.repos.rfqs.update(rfqId, { openedAt: new Date() });
    const names = confirmations.map((confirmation) => confirmation.name).join(' and ');
    await tx.record({
      machine: rfqMachine,
      id: rfqId,
      event: 'open-bids',
      status: rfq.status,
      actor,
      remarks: `Opened by ${names}; ${bids.length} bid(s) received`,
      invalidates: { kind: 'procurement' },
    });
    const bidders = (await tx.repos.rfqs.invitations(rfqId)).filter(({ responseId }) => responseId !== null);
    await tx.notify(actor, [
      {
        type: 'rfq',
        title: MESSAGES.openedTitle,
        message: MESSAGES.opened(rfq.number, rfq.title),
        link: `/rfqs/${rfqId}`,
        projectId: rfq.projectId,
        recipientUsers: bidders.map(({ vendor }) => vendor.userId),
      },
      {
        type: 'rfq',
        title: MESSAGES.openedTitle,
        message: MESSAGES.opened(rfq.number, rfq.title),
        link: `/procurement/rfqs/${rfqId}`,
        projectId: rfq.projectId,
        recipientRoles: ['admin', 'quantity_surveyor'],
      },
    ]);
  });
  return staffRfq(ctx, rfqId);
}

/**
 * Steps that read the bids' prices (recommend, negotiate, approve) are refused on a sealed RFQ not yet
 * opened, whichever service takes them: the step's transaction is undone with a 409.
 */
export const refuseStepsOnSealedBids = reactionTo(
  rfqMachine,
  async (tx, taken) => {
    const rfq = await tx.repos.rfqs.lock(taken.id);
    if (rfq && !pricesVisible(rfq)) throw new AppError('CONFLICT', MESSAGES.stillSealed);
  },
  { actions: STEPS_NEEDING_OPEN_BIDS },
);

/** A sealed RFQ is not sent to vendors once its deadline has passed (a new deadline is set first). */
export const refuseSendingPastDeadline = reactionTo(
  rfqMachine,
  async (tx, taken) => {
    const rfq = await tx.repos.rfqs.lock(taken.id);
    if (rfq?.sealed && bidsClosed(rfq.bidDeadline)) {
      throw new AppError('CONFLICT', MESSAGES.deadlinePassedBeforeSending);
    }
  },
  { actions: ['send_to_vendors'] },
);
