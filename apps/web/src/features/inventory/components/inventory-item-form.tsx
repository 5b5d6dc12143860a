import {
  INVENTORY_MESSAGES,
  type CreateInventoryItemInput,
  type InventoryItemDto,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { InputField } from '../../../components/ui/field.tsx';

interface InventoryItemFormProps {
  item?: InventoryItemDto;
  busy: boolean;
  onSubmit: (input: CreateInventoryItemInput) => void;
  onCancel: () => void;
}

const wholeAtLeastZero = (text: string) => /^\d+$/.test(text.trim());

/** Name, category, quantity, unit and low-stock threshold of an item, added or edited. */
export function InventoryItemForm({ item, busy, onSubmit, onCancel }: InventoryItemFormProps) {
  const id = useId();
  const [name, setName] = useState(item?.name ?? '');
  const [category, setCategory] = useState(item?.category ?? '');
  const [quantity, setQuantity] = useState(item ? String(item.quantity) : '');
  const [unit, setUnit] = useState(item?.unit ?? '');
  const [threshold, setThreshold] = useState(item ? String(item.lowStockThreshold) : '0');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !quantity.trim() || !unit.trim()) {
      toast.error('Missing Fields', { description: INVENTORY_MESSAGES.itemRequired });
      return;
    }
    if (!wholeAtLeastZero(quantity) || !wholeAtLeastZero(threshold || '0')) {
      toast.error('Invalid Quantity', {
        description: 'Quantity and threshold must be whole numbers of at least 0.',
      });
      return;
    }
    onSubmit({
      name: name.trim(),
      category: category.trim(),
      quantity: Number(quantity),
      unit: unit.trim(),
      lowStockThreshold: Number(threshold || '0'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <InputField id={`${id}-name`} label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <InputField
        id={`${id}-category`}
        label="Category"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      />
      <InputField
        id={`${id}-quantity`}
        label="Quantity"
        type="number"
        inputMode="numeric"
        min="0"
        step="1"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <InputField
        id={`${id}-unit`}
        label="Unit"
        value={unit}
        placeholder="bags, tonnes, pieces"
        onChange={(e) => setUnit(e.target.value)}
      />
      <InputField
        id={`${id}-threshold`}
        label="Low stock threshold"
        type="number"
        inputMode="numeric"
        min="0"
        step="1"
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={busy} busyLabel="Saving...">
          {item ? 'Save Item' : 'Add Item'}
        </BusyButton>
      </div>
    </form>
  );
}
