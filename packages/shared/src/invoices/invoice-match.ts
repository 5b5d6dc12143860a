import { formatNaira } from '../money/format.ts';
import { fromKobo, sumKobo, toKobo } from '../money/kobo.ts';
import { lineTotalKobo } from '../money/line-total.ts';
import type { MatchStatus } from './invoice.machine.ts';

/** What a three-way match can find wrong with an invoice line. */
export const DIFFERENCE_KINDS = ['billed_more_than_received', 'price_above_agreed', 'not_on_order'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface Difference {
  kind: DifferenceKind;
  message: string;
}

/** An order line as the match reads it: ordered, received, billed by earlier invoices, the agreed price. */
export interface OrderLineFacts {
  itemId: string;
  name: string;
  unit: string;
  quantity: number;
  quantityReceived: number;
  quantityInvoiced: number;
  unitPrice: number;
}

export interface InvoiceLineInput {
  itemId: string;
  quantity: number;
  unitPrice: number;
}

/** An invoice line with the order's figures beside it and what differs. */
export interface MatchedLine extends InvoiceLineInput {
  name: string | null;
  unit: string | null;
  totalPrice: number;
  orderedQuantity: number | null;
  receivedQuantity: number | null;
  agreedUnitPrice: number | null;
  differences: Difference[];
}

const thousandths = (quantity: number) => Math.round(quantity * 1000);
const plain = (quantity: number) => String(Math.round(quantity * 1000) / 1000);

/**
 * The three-way match of an invoice against its order: per line what was ordered (the PO), received
 * (deliveries) and billed (this invoice and the earlier ones not rejected), and the differences — billed
 * more than received, a price above the agreed one, a line not on the order. Matched when no line differs.
 */
export function matchInvoice(
  lines: readonly InvoiceLineInput[],
  order: readonly OrderLineFacts[],
): { lines: MatchedLine[]; subtotalKobo: number; matchStatus: MatchStatus } {
  const matched = lines.map((line): MatchedLine => {
    const totalPrice = fromKobo(lineTotalKobo(line.quantity, line.unitPrice));
    const ordered = order.find((candidate) => candidate.itemId === line.itemId);
    if (!ordered) {
      return {
        ...line,
        name: null,
        unit: null,
        totalPrice,
        orderedQuantity: null,
        receivedQuantity: null,
        agreedUnitPrice: null,
        differences: [{ kind: 'not_on_order', message: 'This line is not on the purchase order.' }],
      };
    }
    const differences: Difference[] = [];
    const billed = thousandths(ordered.quantityInvoiced) + thousandths(line.quantity);
    if (billed > thousandths(ordered.quantityReceived)) {
      differences.push({
        kind: 'billed_more_than_received',
        // Kept with the invoice: what had come when it was matched, which later deliveries do not change.
        message: `Billed ${plain(billed / 1000)} ${ordered.unit} in all; ${plain(ordered.quantityReceived)} received when it was recorded.`,
      });
    }
    if (toKobo(line.unitPrice) > toKobo(ordered.unitPrice)) {
      differences.push({
        kind: 'price_above_agreed',
        message: `${formatNaira(line.unitPrice)} a unit; ${formatNaira(ordered.unitPrice)} was agreed.`,
      });
    }
    return {
      ...line,
      name: ordered.name,
      unit: ordered.unit,
      totalPrice,
      orderedQuantity: ordered.quantity,
      receivedQuantity: ordered.quantityReceived,
      agreedUnitPrice: ordered.unitPrice,
      differences,
    };
  });
  return {
    lines: matched,
    subtotalKobo: sumKobo(matched.map((line) => toKobo(line.totalPrice))),
    matchStatus: matched.some((line) => line.differences.length > 0) ? 'disputed' : 'matched',
  };
}
