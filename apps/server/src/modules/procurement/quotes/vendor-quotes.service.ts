import { can } from '@trowel/shared/auth/policy.ts';
import { exceedsMaxAmount, sumNaira, toKobo } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import { QUOTABLE_RFQ_STATUSES, rfqMachine, type RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import { RFQ_MESSAGES, type VendorResponseValues } from '@trowel/shared/procurement/rfq.schemas.ts';
import { historyAmount } from '@trowel/shared/workflow/history-amounts.ts';
import type { ModuleContext } from '../../../platform.ts';
import type { RfqRow, VendorRow } from '../../../db/schema.ts';
import { bidsClosed, SEALED_BID_MESSAGES } from '@trowel/shared/procurement/sealed-bids.ts';
import { sealBid } from '../rfqs/sealed-bid.ts';
import { saveUploadedFiles, type Upload } from '../../../files/upload-pipeline.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, forbidden } from '../../../http/app-error.ts';
import { rfqTarget, vendorRfq } from '../rfqs/rfqs.service.ts';

/**
 * A first quote: the step that moves the RFQ to vendor_responded while it takes quotes, else the one
 * that joins it to the others and leaves the RFQ's step as it is (the machine refuses it once decided).
 */
const firstQuoteAction = (rfq: { status: RfqStatus } | null) =>
  rfq && !(QUOTABLE_RFQ_STATUSES as readonly RfqStatus[]).includes(rfq.status)
    ? 'join_response'
    : 'record_response';

/**
 * The RFQ a vendor quotes on, checked before the upload is read: staff 403, an RFQ not sent to this
 * vendor 404, a vendor who is not active 403.
 */
export async function quoteTarget(ctx: ModuleContext, actor: AuthUser, rfqId: string) {
  if (!can(actor, 'vendor:portal')) throw forbidden();
  const vendor = await ctx.vendors.findByUserId(actor.id);
  if (vendor && vendor.status !== 'active') {
    throw new AppError('FORBIDDEN', 'Only active vendors can submit quotations');
  }
  const { rfq, viewer } = await rfqTarget(ctx, actor, rfqId);
  if (viewer.kind !== 'vendor') throw forbidden();
  return { rfq, vendor: viewer.vendor };
}

/**
 * POST /rfqs/{id}/responses: the vendor's quote, every item of the RFQ priced above 0, line and
 * grand totals recomputed here. An invited active vendor quotes while the RFQ awaits vendor responses
 * and updates their own quote while it awaits review; the first quote moves the RFQ to
 * vendor_responded (one vendor's quote does not close it to the others). Otherwise 409.
 */
export async function submitQuote(
  ctx: ModuleContext,
  actor: AuthUser,
  rfqId: string,
  upload: Upload<VendorResponseValues>,
) {
  const { vendor } = await quoteTarget(ctx, actor, rfqId);
  const { fields } = upload;
  const items = await ctx.rfqs.items(rfqId);
  const priced = new Map(fields.items.map((line) => [line.itemId, line]));
  if (priced.size !== fields.items.length) throw badRequest('Each item may be priced once');
  if ([...priced.keys()].some((itemId) => !items.some((item) => item.id === itemId))) {
    throw badRequest('An item of the quote is not an item of this RFQ');
  }
  if (items.some((item) => !priced.has(item.id))) throw badRequest(RFQ_MESSAGES.unitPricesRequired);
  const lines = items.map((item) => {
    const line = priced.get(item.id)!;
    const unitPrice = Number(line.unitPrice);
    return {
      itemId: item.id,
      unitPrice,
      totalPrice: lineTotal(Number(item.quantity), unitPrice),
      notes: line.notes,
    };
  });
  const totalAmount = sumNaira(lines.map((line) => line.totalPrice));
  if (exceedsMaxAmount(toKobo(totalAmount))) throw badRequest('The quote total is too large');
  // A sealed RFQ's bid is kept sealed, readable only when the bids are opened (`sealed-bid.ts`).
  const sealed = (rfq: RfqRow) => rfq.sealed && rfq.openedAt === null;

  const { result: responseId } = await saveUploadedFiles(ctx, actor, upload, async (scoped, tx) => {
    const locked = await scoped.rfqs.lock(rfqId);
    // The vendor's first quote, or their quote updated; either is refused once vendors no longer quote.
    const existing = locked && (await scoped.rfqs.findResponse(rfqId, vendor.id));
    const { saved } = await tx.step({
      machine: rfqMachine,
      id: rfqId,
      action: existing ? 'update_response' : firstQuoteAction(locked),
      actor,
      noun: 'RFQ',
      refusal: () => 'This RFQ is not open for quotations',
      remarks: `${vendor.name}, ${locked && sealed(locked) ? 'sealed bid' : `total ${historyAmount(totalAmount)}`}`,
      lock: () => {
        if (!locked) throw new AppError('INVALID_STATE', 'This RFQ is not open for quotations');
        if (locked.sealed && bidsClosed(locked.bidDeadline)) {
          throw new AppError('CONFLICT', SEALED_BID_MESSAGES.bidsClosed(locked.bidDeadline!.toISOString()));
        }
        return Promise.resolve(locked);
      },
      apply: async (repos, rfq, next) => {
        const response = await repos.rfqs.saveResponse({
          rfqId,
          vendorId: vendor.id,
          notes: fields.notes,
          priced: sealed(rfq)
            ? { sealedBid: sealBid(ctx.config.appSecret!, rfqId, { totalAmount, items: lines }) }
            : { totalAmount, items: lines },
        });
        if (next !== rfq.status) await repos.rfqs.update(rfqId, { status: next });
        return response;
      },
      notify: ({ row: rfq }) => [
        {
          type: 'rfq',
          title: existing ? 'Quotation updated' : 'New quotation received',
          message: `${vendor.name} ${existing ? 'updated their' : 'submitted a'} quotation for RFQ #${rfq.number} "${rfq.title}".`,
          link: `/procurement/rfqs/${rfqId}`,
          projectId: rfq.projectId,
          recipientRoles: ['admin', 'quantity_surveyor'],
        },
      ],
    });
    return {
      owner: { kind: 'quote', rfqId, vendorResponseId: saved.id },
      result: saved.id,
    };
  });
  const { rfq } = await rfqTarget(ctx, actor, rfqId);
  const view = await vendorRfq(ctx, rfq, vendor as VendorRow);
  const response = view.response!;
  if (response.id !== responseId) throw new Error('quote not found after saving');
  return response;
}
