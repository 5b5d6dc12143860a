import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import { formatQuantity } from '@trowel/shared/money/format.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { numberPages, printable, wrap } from '../../../lib/pdf-text.ts';

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.4, 0.43, 0.48);
const RULE = rgb(0.82, 0.84, 0.87);

const amountFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

export const naira = (amount: number) => `NGN ${amountFormat.format(amount)}`;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { title: '#', width: 22, align: 'left' },
  { title: 'Item', width: 189, align: 'left' },
  { title: 'Qty', width: 50, align: 'right' },
  { title: 'Unit', width: 50, align: 'left' },
  { title: 'Unit price', width: 94, align: 'right' },
  { title: 'Total', width: 94.28, align: 'right' },
];

/** Draws the purchase order: header, parties, the items at their agreed prices, and the total. */
export async function renderPurchaseOrderPdf(order: PurchaseOrderDto): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Purchase order ${order.poNumber}`);
  doc.setSubject(printable(order.rfq.title));
  doc.setProducer('Trowel');
  doc.setCreationDate(new Date(order.approvedAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const text = (value: string, x: number, size = 10, font = regular, color = INK) =>
    page.drawText(printable(value), { x, y, size, font, color });
  const textRight = (value: string, right: number, size = 10, font = regular) => {
    const shown = printable(value);
    page.drawText(shown, { x: right - font.widthOfTextAtSize(shown, size), y, size, font, color: INK });
  };
  const rule = () =>
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.6,
      color: RULE,
    });

  text('PURCHASE ORDER', MARGIN, 20, bold);
  textRight(order.poNumber, A4.width - MARGIN, 14, bold);
  y -= 18;
  text(`Approved ${dateFormat.format(new Date(order.approvedAt))}`, MARGIN, 10, regular, MUTED);
  textRight(`Currency: ${order.currency}`, A4.width - MARGIN, 10);
  y -= 26;

  const half = (A4.width - 2 * MARGIN) / 2;
  const block = (title: string, lines: string[], x: number, startY: number) => {
    y = startY;
    text(title, x, 9, bold, MUTED);
    y -= 14;
    for (const line of lines.filter(Boolean)) {
      for (const part of wrap(line, regular, 10, half - 12)) {
        text(part, x, 10);
        y -= 13;
      }
    }
    return y;
  };
  const top = y;
  const vendorEnd = block(
    'VENDOR',
    [
      order.vendor.name,
      order.vendor.contactPerson,
      order.vendor.address,
      order.vendor.phone,
      order.vendor.email,
    ],
    MARGIN,
    top,
  );
  const orderEnd = block(
    'ORDER',
    [
      `RFQ: ${order.rfq.title}`,
      `Project: ${order.project?.title ?? 'None'}`,
      `Approved by: ${order.approvedBy?.name ?? 'Unknown User'}`,
      order.negotiationId ? 'Prices as agreed in negotiation' : 'Prices as quoted',
    ],
    MARGIN + half,
    top,
  );
  y = Math.min(vendorEnd, orderEnd) - 12;

  const header = () => {
    let x = MARGIN;
    for (const column of COLUMNS) {
      if (column.align === 'right') textRight(column.title, x + column.width - 4, 9, bold);
      else text(column.title, x, 9, bold);
      x += column.width;
    }
    y -= 6;
    rule();
    y -= 14;
  };
  header();

  order.items.forEach((item, index) => {
    const nameLines = wrap(item.name, regular, 10, COLUMNS[1]!.width - 8);
    const descriptionLines = item.description
      ? wrap(item.description, regular, 8, COLUMNS[1]!.width - 8)
      : [];
    const height = nameLines.length * 13 + descriptionLines.length * 10 + 6;
    if (y - height < MARGIN + 40) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
      header();
    }
    const rowTop = y;
    let x = MARGIN;
    const cells = [
      String(index + 1),
      null,
      formatQuantity(item.quantity),
      item.unit,
      naira(item.unitPrice),
      naira(item.totalPrice),
    ];
    cells.forEach((cell, column) => {
      const spec = COLUMNS[column]!;
      if (cell !== null) {
        if (spec.align === 'right') textRight(cell, x + spec.width - 4, 10);
        else text(wrap(cell, regular, 10, spec.width - 6)[0] ?? '', x, 10);
      }
      x += spec.width;
    });
    for (const line of nameLines) {
      text(line, MARGIN + COLUMNS[0]!.width, 10);
      y -= 13;
    }
    for (const line of descriptionLines) {
      text(line, MARGIN + COLUMNS[0]!.width, 8, regular, MUTED);
      y -= 10;
    }
    y = Math.min(y, rowTop - 13) - 6;
  });

  y += 4;
  rule();
  y -= 18;
  if (y < MARGIN + 20) {
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  }
  text('Total', MARGIN + COLUMNS[0]!.width, 12, bold);
  textRight(naira(order.totalAmount), A4.width - MARGIN - 4, 12, bold);

  numberPages(doc, regular, order.poNumber, MARGIN, MUTED);
  return doc.save();
}
