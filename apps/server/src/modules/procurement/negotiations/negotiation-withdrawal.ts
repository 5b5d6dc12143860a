import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import { negotiationMachine } from '@trowel/shared/workflow/negotiation.machine.ts';
import { reactionTo } from '../../../workflow/workflow-transaction.ts';

/**
 * When an RFQ leaves negotiation (new quotes requested, final terms approved, rejected, cancelled),
 * the offers still awaiting their vendors can no longer be answered: each is withdrawn, a step of its
 * own taken by whoever moved the RFQ (procurement staff, whom the machine lets withdraw), and its
 * vendor is told. Runs in the RFQ step's transaction, the RFQ locked.
 */
export const withdrawOffersLeavingNegotiation = reactionTo(rfqMachine, async (tx, taken) => {
  if (taken.to === 'under_negotiation') return;
  const offers = await tx.repos.negotiations.lockAwaiting(taken.id);
  if (offers.length === 0) return;
  const rfq = (await tx.repos.negotiations.lockRfq(taken.id))!;
  for (const offer of offers) {
    await tx.step({
      machine: negotiationMachine,
      id: offer.id,
      action: 'withdraw',
      actor: taken.actor,
      noun: 'Negotiation',
      lock: () => Promise.resolve(offer),
      apply: (repos, row, next) => repos.negotiations.setStatus(row.id, next),
      notify: () => [
        {
          type: 'rfq',
          title: 'Negotiation withdrawn',
          message: `Negotiation #${offer.number} on "${rfq.title}" was withdrawn: the RFQ is no longer under negotiation.`,
          link: `/rfqs/${rfq.id}`,
          projectId: rfq.projectId,
          recipientUsers: [offer.vendorUserId],
        },
      ],
      invalidates: { kind: 'procurement' },
    });
  }
});
