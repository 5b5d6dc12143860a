import { formatNaira } from '@trowel/shared/money/format.ts';
import type { ComparisonDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { aboveLowest } from './comparison-figures.ts';

/** A vendor's grand total and how far above the lowest it is, as the table and the phone cards show it. */
export function VendorGrandTotal({ vendor }: { vendor: ComparisonDto['vendors'][number] }) {
  return (
    <>
      {formatNaira(vendor.totalAmount)}
      <span className="block text-xs font-normal text-slate-600">{aboveLowest(vendor)}</span>
    </>
  );
}
