import { can } from '@trowel/shared/auth/policy.ts';
import { INVENTORY_MESSAGES, type InventoryItemDto } from '@trowel/shared/inventory/inventory.schemas.ts';
import { formatQuantity } from '@trowel/shared/money/format.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useDeleteInventoryItem, useUpdateInventoryItem } from '../api/change-inventory.ts';
import { InventoryItemForm } from './inventory-item-form.tsx';
import { InventoryRequestForm } from './inventory-request-form.tsx';
import { StockMovements } from './stock-movements.tsx';
import { failureTitle } from './failure-title.ts';

type Panel = 'edit' | 'request' | 'movements' | null;

/** One item: its stock (emphasised when low), and edit, delete, request and movements by role. */
export function InventoryItemCard(props: {
  item: InventoryItemDto;
  user: Pick<UserDto, 'id' | 'role'>;
  cardRef?: ((element: Element | null) => void) | undefined;
}) {
  const { item, user, cardRef } = props;
  const [panel, setPanel] = useState<Panel>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateInventoryItem();
  const remove = useDeleteInventoryItem();
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));

  return (
    <Card
      ref={cardRef}
      aria-label={item.name}
      className={cn('space-y-3 p-4', item.isLowStock && 'border-red-300 bg-red-50/40')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold wrap-anywhere text-slate-900">{item.name}</h3>
          <p className="text-xs text-slate-600">{item.category || 'Uncategorised'}</p>
        </div>
        {item.isLowStock ? (
          <Badge tone="red">
            <TriangleAlert aria-hidden="true" className="mr-1 size-3" /> Low Stock
          </Badge>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">
        <span className={cn('text-2xl font-semibold', item.isLowStock ? 'text-red-700' : 'text-slate-900')}>
          {formatQuantity(item.quantity)}
        </span>{' '}
        {item.unit} · threshold {formatQuantity(item.lowStockThreshold)}
      </p>
      <div className="flex flex-wrap gap-2">
        {can(user, 'inventory:request') ? (
          <Button size="sm" onClick={() => toggle('request')}>
            Request Item
          </Button>
        ) : null}
        {can(user, 'inventory:manage') ? (
          <Button size="sm" variant="outline" onClick={() => toggle('edit')}>
            Edit
          </Button>
        ) : null}
        {can(user, 'inventory:delete') ? (
          <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={panel === 'movements'}
          onClick={() => toggle('movements')}
        >
          Stock Movements
        </Button>
      </div>
      {panel === 'request' ? <InventoryRequestForm item={item} onDone={() => setPanel(null)} /> : null}
      {panel === 'movements' ? <StockMovements itemId={item.id} unit={item.unit} /> : null}
      {panel === 'edit' ? (
        <InventoryItemForm
          item={item}
          busy={update.isPending}
          onCancel={() => setPanel(null)}
          onSubmit={(input) =>
            update.mutate(
              { id: item.id, ...input },
              {
                onSuccess: () => {
                  toast.success('Item updated');
                  setPanel(null);
                },
                onError: (error) =>
                  toast.error(failureTitle(error, 'Update'), {
                    description: errorMessage(error, INVENTORY_MESSAGES.updateItemFailed),
                  }),
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${item.name}?`}
        description="The item and its stock movements are removed. Items with open requests cannot be deleted."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          // The card leaves the list when the list reloads, so the toast follows the promise.
          remove.mutateAsync(item.id).then(
            () => toast.success('Item deleted'),
            (error: unknown) => {
              setConfirmDelete(false);
              toast.error('Delete Failed', {
                description: errorMessage(error, INVENTORY_MESSAGES.deleteItemFailed),
              });
            },
          )
        }
      />
    </Card>
  );
}
