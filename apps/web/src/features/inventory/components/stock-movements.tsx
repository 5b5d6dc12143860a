import type { StockMovementDto } from '@trowel/shared/inventory/inventory.schemas.ts';
import { formatQuantity } from '@trowel/shared/money/format.ts';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useStockMovements } from '../api/get-stock-movements.ts';

function movementLabel(movement: StockMovementDto): string {
  switch (movement.kind) {
    case 'issue':
      return `Issued to ${movement.projectTitle ?? 'a project'}`;
    case 'receipt':
      return `Received against a purchase order${movement.projectTitle ? ` for ${movement.projectTitle}` : ''}`;
    case 'adjustment':
      return 'Adjustment';
    default:
      return movement.kind satisfies never;
  }
}

/** An item's latest stock movements: issues against requests, receipts of deliveries, adjustments by hand. */
export function StockMovements({ itemId, unit }: { itemId: string; unit: string }) {
  const movements = useStockMovements(itemId, true);
  if (movements.isPending) return <LoadingState label="Loading stock movements..." className="py-4" />;
  if (movements.isError) return <QueryErrorState title="Failed to load stock movements" query={movements} />;
  const rows = movements.data.movements;
  if (rows.length === 0) return <p className="text-sm text-slate-600">No stock movements yet.</p>;
  return (
    <ol
      aria-label="Stock movements"
      className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm"
    >
      {rows.map((movement) => (
        <li key={movement.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-1.5">
          <span className="min-w-0 wrap-anywhere">
            {movementLabel(movement)}
            <span className="block text-xs text-slate-600">
              {movement.by ?? 'Someone'} · {formatDateTime(movement.createdAt)}
            </span>
          </span>
          <span className={movement.quantity < 0 ? 'font-medium text-red-700' : 'font-medium text-green-700'}>
            {movement.quantity > 0 ? '+' : ''}
            {formatQuantity(movement.quantity)} {unit} → {formatQuantity(movement.quantityAfter)}
          </span>
        </li>
      ))}
    </ol>
  );
}
