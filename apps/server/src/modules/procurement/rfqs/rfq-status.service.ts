import {
  RFQ_ACTIONS_WITH_VENDOR,
  approvalNeedsReason,
  rfqActionFor,
  rfqMachine,
  type RfqAction,
} from '@trowel/shared/procurement/rfq.machine.ts';
import { RFQ_MESSAGES, type RfqStatusInput } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { Repositories } from '../../../context.ts';
import type { ModuleContext } from '../../../platform.ts';
import type { RfqRow } from '../../../db/schema.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest } from '../../../http/app-error.ts';
import type { NewNotification } from '../../../notices/notices.repository.ts';
import { takeStep } from '../../../workflow/engine.ts';
import { assertMayTake } from '../../../workflow/step.ts';
import { rfqTarget, staffRfq } from './rfqs.service.ts';

type StatusValues = { status: RfqStatusInput['status']; notes: string | null; vendorId: string | null };

/** The vendor an action names: required, invited to this RFQ, and with a quote on it. */
async function quotedVendor(repos: Repositories, rfq: RfqRow, vendorId: string | null) {
  if (!vendorId) throw badRequest('vendorId is required: choose a vendor who quoted');
  const response = await repos.rfqs.findResponse(rfq.id, vendorId);
  if (!response || !(await repos.rfqs.isInvited(rfq.id, vendorId))) {
    throw badRequest('The chosen vendor has not quoted on this RFQ');
  }
  return vendorId;
}

/** Users of the RFQ's invited vendors who may be told (active vendors only). */
async function invitedUsers(repos: Repositories, rfqId: string) {
  const invitations = await repos.rfqs.invitations(rfqId);
  return invitations.filter(({ vendor }) => vendor.status === 'active').map(({ vendor }) => vendor);
}

/**
 * PUT /rfqs/{id}/status: one step of the RFQ machine, as one transaction under a row lock (403 for a
 * role that never takes it, 409 from a status it does not start at, so a concurrent second attempt
 * answers 409). Sending tells the invited vendors; a recommendation tells the admins; approval tells
 * each vendor whether they were selected, never who else was (the purchase order is issued, and
 * offers awaiting vendors withdrawn, by those modules' reactions to the step).
 */
export async function changeRfqStatus(ctx: ModuleContext, actor: AuthUser, id: string, input: StatusValues) {
  const { rfq: current } = await rfqTarget(ctx, actor, id);
  const action = rfqActionFor(current.status, input.status);
  if (!action) {
    throw new AppError('INVALID_STATE', `RFQ cannot be moved to ${input.status} from ${current.status}`);
  }
  assertMayTake(rfqMachine, action, actor);
  if (RFQ_ACTIONS_WITH_VENDOR.includes(action) && !input.vendorId) {
    throw badRequest('vendorId is required: choose a vendor who quoted');
  }
  await takeStep(ctx, {
    machine: rfqMachine,
    id,
    action,
    actor,
    noun: 'RFQ',
    remarks: ({ saved }: { saved: string | null }) => saved ?? input.notes,
    lock: (repos) => repos.rfqs.lock(id),
    apply: async (repos, row, next): Promise<string | null> => {
      await applyStep(repos, action, row, input.vendorId);
      const remarks = await overruledRemarks(repos, action, row, input);
      await repos.rfqs.update(row.id, {
        status: next,
        ...(action === 'send_to_vendors' && !row.sentAt ? { sentAt: new Date() } : {}),
      });
      return remarks;
    },
    notify: ({ row, repos }) => toldOf(repos, action, row, input.vendorId),
    invalidates: { kind: 'procurement' },
  });
  return staffRfq(ctx, id);
}

/**
 * Approving a vendor other than the recommended one: refused without a reason (400); with one, the
 * history says whom the admin chose over whom, and why. Null for every other step.
 */
async function overruledRemarks(
  repos: Repositories,
  action: RfqAction,
  rfq: RfqRow,
  input: StatusValues,
): Promise<string | null> {
  if (!approvalNeedsReason(action, rfq.recommendedVendorId, input.vendorId)) return null;
  if (!input.notes) throw badRequest(RFQ_MESSAGES.reasonForOtherVendor);
  const [chosen, recommended] = await Promise.all([
    repos.vendors.findById(input.vendorId!),
    repos.vendors.findById(rfq.recommendedVendorId!),
  ]);
  return `${chosen?.name ?? 'Another vendor'} approved instead of the recommended ${recommended?.name ?? 'vendor'}. Reason: ${input.notes}`;
}

/** What a step writes besides the status. */
async function applyStep(repos: Repositories, action: RfqAction, rfq: RfqRow, vendorId: string | null) {
  switch (action) {
    case 'recommend':
      await repos.rfqs.update(rfq.id, { recommendedVendorId: await quotedVendor(repos, rfq, vendorId) });
      return;
    case 'select_and_approve': {
      const chosen = await quotedVendor(repos, rfq, vendorId);
      await repos.rfqs.update(rfq.id, { selectedVendorId: chosen });
      await repos.rfqs.markSelection(rfq.id, chosen);
      return;
    }
    case 'negotiate':
    case 'approve_final_terms':
    case 'record_response':
    case 'join_response':
    case 'update_response':
      // Taken by their own calls (negotiations, quotes), never by a status change.
      throw new AppError('INVALID_STATE', `RFQ cannot be moved to ${rfq.status} this way`);
    default:
      return;
  }
}

/** Whom a step tells, from the RFQ as it was locked (the vendor it names, checked by `applyStep`). */
async function toldOf(
  repos: Repositories,
  action: RfqAction,
  rfq: RfqRow,
  chosen: string | null,
): Promise<NewNotification[]> {
  const label = `RFQ #${rfq.number} "${rfq.title}"`;
  const staffLink = `/procurement/rfqs/${rfq.id}`;
  const vendorLink = `/rfqs/${rfq.id}`;
  switch (action) {
    case 'send_to_vendors':
    case 'request_new_quotes': {
      const vendors = await invitedUsers(repos, rfq.id);
      return vendors.map((vendor) => ({
        type: 'rfq',
        title: action === 'send_to_vendors' ? 'New Request for Quotation' : 'New quotation requested',
        message:
          action === 'send_to_vendors'
            ? `You have been sent ${label}. Please submit your quotation.`
            : `New quotes were requested for ${label}. Please review and update your quotation.`,
        link: vendorLink,
        recipientUsers: [vendor.userId],
      }));
    }
    case 'recommend':
      return [
        {
          type: 'rfq',
          title: 'RFQ awaiting approval',
          message: `${label} was recommended for approval and awaits your decision.`,
          link: staffLink,
          recipientRoles: ['admin'],
        },
      ];
    case 'select_and_approve': {
      const quoted = await repos.rfqs.responses(rfq.id);
      const vendors = await invitedUsers(repos, rfq.id);
      const quotedIds = new Set(quoted.map(({ response }) => response.vendorId));
      const told: NewNotification[] = vendors
        .filter((vendor) => quotedIds.has(vendor.id))
        .map((vendor) =>
          vendor.id === chosen
            ? {
                type: 'rfq' as const,
                title: 'Your quotation was selected',
                message: `Congratulations! Your quotation for ${label} was selected.`,
                link: vendorLink,
                recipientUsers: [vendor.userId],
              }
            : {
                type: 'rfq' as const,
                title: 'RFQ closed',
                message: `Thank you for quoting on ${label}. Another quotation was selected this time.`,
                link: vendorLink,
                recipientUsers: [vendor.userId],
              },
        );
      return [
        ...told,
        {
          type: 'rfq',
          title: 'RFQ approved',
          message: `${label} was approved.`,
          link: staffLink,
          recipientRoles: ['quantity_surveyor'],
        },
      ];
    }
    case 'return_to_qs':
    case 'admin_reject':
      return [
        {
          type: 'rfq',
          title: action === 'return_to_qs' ? 'RFQ returned to QS' : 'RFQ rejected',
          message:
            action === 'return_to_qs'
              ? `${label} was returned for further negotiation.`
              : `${label} was rejected at final approval.`,
          link: staffLink,
          recipientRoles: ['quantity_surveyor'],
        },
      ];
    default:
      return [];
  }
}
