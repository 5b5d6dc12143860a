import { lagosLocalToIso } from '@trowel/shared/procurement/sealed-bids.ts';
import { DEFAULT_COST_CATEGORY, type CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { createRfqInput } from '@trowel/shared/procurement/rfq.schemas.ts';
import { bodySchema, typedNumber } from '../../../lib/form-schema.ts';

/** An RFQ item as typed: the quantity stays text until sent. */
export interface RfqItemValues {
  name: string;
  description: string;
  quantity: string;
  unit: string;
}

/** The create-RFQ form's values: the vendors chosen keep their names for the list of those chosen. */
export interface RfqFormValues {
  title: string;
  description: string;
  projectId: string;
  dueDate: string;
  /** What the order's cost counts as on the project. */
  costCategory: CostCategory;
  /** Sealed bids, with their deadline as the date-and-time box holds it (local time). */
  sealed: boolean;
  bidDeadline: string;
  items: RfqItemValues[];
  vendors: Array<{ id: string; name: string }>;
}

export const blankRfqItem = (): RfqItemValues => ({ name: '', description: '', quantity: '', unit: '' });

export const emptyRfqFormValues = (): RfqFormValues => ({
  title: '',
  description: '',
  projectId: '',
  dueDate: '',
  costCategory: DEFAULT_COST_CATEGORY,
  sealed: false,
  bidDeadline: '',
  items: [blankRfqItem()],
  vendors: [],
});

/** The form checked as POST /rfqs checks it: a title, items with name, quantity above 0 and unit, a vendor. */
export const rfqFormSchema = bodySchema(
  ({ items, vendors, bidDeadline, ...fields }: RfqFormValues) => ({
    ...fields,
    bidDeadline: fields.sealed && bidDeadline ? lagosLocalToIso(bidDeadline) : null,
    items: items.map((item) => ({ ...item, quantity: typedNumber(item.quantity) })),
    vendorIds: vendors.map((vendor) => vendor.id),
  }),
  createRfqInput,
);
