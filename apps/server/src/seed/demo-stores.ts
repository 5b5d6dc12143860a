import type { Repositories } from '../context.ts';

/** The store's opening stock at what a unit cost (kobo): what a Lagos site store holds, one item already below its threshold. */
export const DEMO_INVENTORY = [
  {
    name: 'Dangote Cement 42.5R (50 kg)',
    category: 'Binders',
    quantity: 100,
    unit: 'bags',
    lowStockThreshold: 75,
    unitCostKobo: 950000,
  },
  {
    name: 'High-tensile rebar 12 mm',
    category: 'Steel',
    quantity: 400,
    unit: 'lengths',
    lowStockThreshold: 100,
    unitCostKobo: 780000,
  },
  {
    name: 'High-tensile rebar 16 mm',
    category: 'Steel',
    quantity: 250,
    unit: 'lengths',
    lowStockThreshold: 80,
    unitCostKobo: 1350000,
  },
  {
    name: 'Binding wire',
    category: 'Steel',
    quantity: 40,
    unit: 'rolls',
    lowStockThreshold: 10,
    unitCostKobo: 2500000,
  },
  {
    name: 'Sharp sand',
    category: 'Aggregates',
    quantity: 60,
    unit: 'tonnes',
    lowStockThreshold: 20,
    unitCostKobo: 1800000,
  },
  {
    name: 'Granite chippings 3/4"',
    category: 'Aggregates',
    quantity: 15,
    unit: 'tonnes',
    lowStockThreshold: 20,
    unitCostKobo: 3200000,
  },
  {
    name: '9-inch hollow blocks',
    category: 'Blocks',
    quantity: 3000,
    unit: 'pieces',
    lowStockThreshold: 500,
    unitCostKobo: 65000,
  },
  {
    name: 'Aluminium roofing sheets 0.55 mm',
    category: 'Roofing',
    quantity: 120,
    unit: 'sheets',
    lowStockThreshold: 30,
    unitCostKobo: 850000,
  },
  {
    name: 'PVC conduit 20 mm',
    category: 'Electrical',
    quantity: 300,
    unit: 'lengths',
    lowStockThreshold: 50,
    unitCostKobo: 120000,
  },
  {
    name: 'Emulsion paint (white, 20 L)',
    category: 'Finishes',
    quantity: 24,
    unit: 'buckets',
    lowStockThreshold: 10,
    unitCostKobo: 4500000,
  },
] as const;

/** Seeds the inventory, each item's opening stock written as an adjustment by the store keeper. */
export async function seedDemoStores(scoped: Repositories, idsByEmail: Map<string, string>) {
  const storeKeeper = idsByEmail.get('store@trowel.test');
  if (!storeKeeper) throw new Error('Demo person missing: store@trowel.test');
  for (const item of DEMO_INVENTORY) {
    const row = await scoped.inventory.insertItem(item);
    await scoped.inventory.insertMovement({
      itemId: row.id,
      kind: 'adjustment',
      quantity: row.quantity,
      quantityAfter: row.quantity,
      actorId: storeKeeper,
      unitCostKobo: row.unitCostKobo,
    });
  }
}
