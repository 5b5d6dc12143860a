import { formatNaira } from '@trowel/shared/money/format.ts';
import type { ComparisonDto } from '@trowel/shared/procurement/rfq.schemas.ts';

/** 'Lowest', or how far a vendor's total is above the lowest: '+₦10,000.00 (+1.5%)'. */
export function aboveLowest(vendor: ComparisonDto['vendors'][number]): string {
  return vendor.isLowest
    ? 'Lowest'
    : `+${formatNaira(vendor.differenceFromLowest)} (+${vendor.percentAboveLowest.toFixed(1)}%)`;
}
