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
import { useInventoryCategories } from '../api/get-inventory-categories.ts';

interface InventoryItemFormProps {
  item?: InventoryItemDto;
  busy: boolean;
  onSubmit: (input: CreateInventoryItemInput) => void;
  onCancel: () => void;
}

const wholeAtLeastZero = (text: string) => /^\d+$/.test(text.trim());
/** How many existing categories are offered under the box at once. */
const SUGGESTIONS_SHOWN = 6;

/** The existing category spelled like the typed one, whatever its case, or the typed one as a new category. */
export function pickCategory(typed: string, existing: readonly string[]): string {
  const trimmed = typed.trim();
  const lower = trimmed.toLowerCase();
  return existing.find((category) => category.toLowerCase() === lower) ?? trimmed;
}

/** Existing categories containing the typed text, except one typed out in full. */
export function categorySuggestions(typed: string, existing: readonly string[]): string[] {
  const lower = typed.trim().toLowerCase();
  if (existing.some((category) => category.toLowerCase() === lower)) return [];
  return existing.filter((category) => category.toLowerCase().includes(lower)).slice(0, SUGGESTIONS_SHOWN);
}

/** Name, category, quantity, unit and low-stock threshold of an item, added or edited. */
export function InventoryItemForm({ item, busy, onSubmit, onCancel }: InventoryItemFormProps) {
  const id = useId();
  const [name, setName] = useState(item?.name ?? '');
  const [category, setCategory] = useState(item?.category ?? '');
  const [quantity, setQuantity] = useState(item ? String(item.quantity) : '');
  const [unit, setUnit] = useState(item?.unit ?? '');
  const [threshold, setThreshold] = useState(item ? String(item.lowStockThreshold) : '0');
  // The picker offers what exists; without it (loading, failed) the box still takes any category.
  const categories = useInventoryCategories().data ?? [];
  const suggestions = categorySuggestions(category, categories);
  const isNewCategory = category.trim() !== '' && !categories.includes(pickCategory(category, categories));

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
      category: pickCategory(category, categories),
      quantity: Number(quantity),
      unit: unit.trim(),
      lowStockThreshold: Number(threshold || '0'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <InputField id={`${id}-name`} label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <div className="min-w-0 space-y-1">
        <InputField
          id={`${id}-category`}
          label="Category"
          value={category}
          list={`${id}-categories`}
          autoComplete="off"
          placeholder="Pick one or type a new one"
          onChange={(e) => setCategory(e.target.value)}
        />
        <datalist id={`${id}-categories`}>
          {categories.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {suggestions.length > 0 ? (
          <ul aria-label="Existing categories" className="flex flex-wrap gap-1">
            {suggestions.map((name) => (
              <li key={name} className="min-w-0">
                <button
                  type="button"
                  className="max-w-full truncate rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
                  onClick={() => setCategory(name)}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
        ) : isNewCategory ? (
          <p className="text-xs text-slate-600">A new category</p>
        ) : null}
      </div>
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
