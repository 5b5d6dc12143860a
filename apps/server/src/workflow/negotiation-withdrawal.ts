import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import { negotiationMachine } from '@trowel/shared/workflow/negotiation.machine.ts';
import type { Repositories } from '../context.ts';
import { forbidden } from '../http/app-error.ts';
import type { NewNotification } from '../modules/notifications/notifications.repository.ts';

/**
 * Inside an RFQ step's transaction (the RFQ locked): when the RFQ leaves negotiation, the offers still
 * awaiting their vendors can no longer be answered, so they are withdrawn, each with its history row,
 * and their vendors are told. Answers the notifications to write.
 */
export async function withdrawAwaitingOffers(
  repos: Repositories,
  actor: Pick<Actor, 'id' | 'role'>,
  rfq: { id: string; title: string; projectId: string | null },
  next: RfqStatus,
): Promise<NewNotification[]> {
  if (next === 'under_negotiation') return [];
  const check = negotiationMachine.check('pending_vendor_response', 'withdraw', actor.role);
  // Every step that leaves negotiation is procurement staff's, who may withdraw; never pass over an offer.
  if (!check.allowed) throw forbidden();
  const withdrawn = await repos.negotiations.withdrawAwaiting(rfq.id);
  for (const offer of withdrawn) {
    await repos.statusHistory.record({
      workflow: 'negotiation',
      entityId: offer.id,
      action: 'withdraw',
      fromStatus: 'pending_vendor_response',
      toStatus: check.next,
      actorId: actor.id,
      remarks: null,
    });
  }
  return withdrawn.map((offer) => ({
    type: 'rfq',
    title: 'Negotiation withdrawn',
    message: `Negotiation #${offer.number} on "${rfq.title}" was withdrawn: the RFQ is no longer under negotiation.`,
    link: `/rfqs/${rfq.id}`,
    projectId: rfq.projectId,
    recipientUsers: [offer.vendorUserId],
  }));
}
