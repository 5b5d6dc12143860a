/**
 * What a cost is for. A budget line names its category; a purchase order takes its RFQ's; stock issued
 * from the stores is materials. The cost screen sets budget against actual category by category.
 */
export const COST_CATEGORIES = [
  'Materials',
  'Labour',
  'Plant & equipment',
  'Subcontract',
  'Transport',
  'Professional fees',
  'Site overheads',
  'Other',
] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

/** What a new budget line or RFQ is for unless someone chooses otherwise. */
export const DEFAULT_COST_CATEGORY: CostCategory = 'Materials';

/** Stock issued from the stores is counted as materials. */
export const STORES_COST_CATEGORY: CostCategory = 'Materials';
