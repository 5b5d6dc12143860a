import { pricesVisible, SEALED_BID_MESSAGES } from '@trowel/shared/procurement/sealed-bids.ts';
import { AppError } from '../../../http/app-error.ts';
import { percentChange } from '@trowel/shared/format/percent.ts';
import { plainNaira } from '@trowel/shared/money/format.ts';
import { fromKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import type { ComparisonDto, ComparisonQuery } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { ModuleContext } from '../../../platform.ts';
import { isLate } from '../rfqs/rfq-dto.ts';
import type { RfqHead } from '../rfqs/rfqs.repository.ts';
import { csvText } from '../../../lib/csv.ts';

/**
 * GET /rfqs/{id}/comparison (staff): one row per item, one column per vendor who quoted, the lowest
 * unit price of each row marked, each vendor's total against the lowest in naira and percent,
 * missing and late prices flagged. The screen and the CSV export both read this.
 */
export async function compareQuotes(
  ctx: ModuleContext,
  rfq: RfqHead,
  query: Required<ComparisonQuery>,
): Promise<ComparisonDto> {
  if (!pricesVisible(rfq)) throw new AppError('CONFLICT', SEALED_BID_MESSAGES.stillSealed);
  const [items, responses, invitations] = await Promise.all([
    ctx.rfqs.items(rfq.id),
    ctx.rfqs.responses(rfq.id),
    ctx.rfqs.invitations(rfq.id),
  ]);
  const lines = await ctx.rfqs.responseItems(responses.map(({ response }) => response.id));
  const price = new Map(lines.map((line) => [`${line.responseId}|${line.itemId}`, line]));

  const totals = responses.map(({ response }) => toKobo(Number(response.totalAmount)));
  const lowestKobo = totals.length ? Math.min(...totals) : null;
  const vendors = responses.map(({ response, vendorName }, index) => {
    const kobo = totals[index]!;
    const difference = lowestKobo === null ? 0 : kobo - lowestKobo;
    return {
      vendorId: response.vendorId,
      vendorName,
      totalAmount: fromKobo(kobo),
      isLowest: kobo === lowestKobo,
      differenceFromLowest: fromKobo(difference),
      percentAboveLowest: lowestKobo ? percentChange(difference, lowestKobo) : 0,
      submittedAt: response.submittedAt.toISOString(),
      isLate: isLate(response.submittedAt, rfq.dueDate),
      missingItems: items.filter((item) => !price.has(`${response.id}|${item.id}`)).length,
      responseId: response.id,
    };
  });
  const direction = query.order === 'desc' ? -1 : 1;
  vendors.sort((a, b) =>
    query.sort === 'name'
      ? direction * a.vendorName.localeCompare(b.vendorName)
      : direction * (a.totalAmount - b.totalAmount) || a.vendorName.localeCompare(b.vendorName),
  );

  const rows = items.map((item) => {
    const unitKobo = vendors.map((vendor) => {
      const line = price.get(`${vendor.responseId}|${item.id}`);
      return line ? toKobo(Number(line.unitPrice)) : null;
    });
    const present = unitKobo.filter((value): value is number => value !== null);
    const lowest = present.length ? Math.min(...present) : null;
    return {
      itemId: item.id,
      name: item.name,
      quantity: Number(item.quantity),
      unit: item.unit,
      lowestUnitPrice: lowest === null ? null : fromKobo(lowest),
      cells: vendors.map((vendor, index) => {
        const line = price.get(`${vendor.responseId}|${item.id}`);
        const unit = unitKobo[index] ?? null;
        return {
          vendorId: vendor.vendorId,
          unitPrice: unit === null ? null : fromKobo(unit),
          totalPrice: line ? Number(line.totalPrice) : null,
          isLowest: unit !== null && unit === lowest,
          missing: unit === null,
        };
      }),
    };
  });

  const quoted = new Set(vendors.map((vendor) => vendor.vendorId));
  return {
    rfqId: rfq.id,
    number: rfq.number,
    lowestTotal: lowestKobo === null ? null : fromKobo(lowestKobo),
    vendors: vendors.map(({ responseId: _responseId, ...vendor }) => vendor),
    rows,
    awaiting: invitations
      .filter(({ vendor }) => !quoted.has(vendor.id))
      .map(({ vendor }) => ({ vendorId: vendor.id, vendorName: vendor.name })),
  };
}

const amount = (value: number | null) => (value === null ? null : plainNaira(value));

/** The comparison as CSV: a header, one line per item (unit price and total per vendor), the totals. */
export function comparisonCsv(comparison: ComparisonDto): string {
  const header = ['Item', 'Quantity', 'Unit'];
  for (const vendor of comparison.vendors) {
    header.push(`${vendor.vendorName} unit price`, `${vendor.vendorName} total`);
  }
  header.push('Lowest unit price');
  const lines: Array<Array<string | number | null>> = [header];
  for (const row of comparison.rows) {
    const line: Array<string | number | null> = [row.name, row.quantity, row.unit];
    for (const cell of row.cells) {
      line.push(cell.missing ? 'missing' : amount(cell.unitPrice), amount(cell.totalPrice));
    }
    line.push(amount(row.lowestUnitPrice));
    lines.push(line);
  }
  const totals: Array<string | number | null> = ['Grand total', '', ''];
  const differences: Array<string | number | null> = ['Difference to lowest', '', ''];
  for (const vendor of comparison.vendors) {
    totals.push('', amount(vendor.totalAmount));
    differences.push(
      '',
      `${amount(vendor.differenceFromLowest)} (${vendor.percentAboveLowest.toFixed(1)}%)${vendor.isLate ? ' late' : ''}`,
    );
  }
  totals.push(amount(comparison.lowestTotal));
  differences.push('');
  lines.push(totals, differences);
  return csvText(lines);
}
