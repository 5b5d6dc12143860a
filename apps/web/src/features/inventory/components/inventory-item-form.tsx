import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInventoryItemInput,
  INVENTORY_MESSAGES,
  type CreateInventoryItemInput,
  type InventoryItemDto,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { bodySchema, errorMessages, typedNumber } from '../../../lib/form-schema.ts';
import { useInventoryCategories } from '../api/get-inventory-categories.ts';

interface InventoryItemFormProps {
  item?: InventoryItemDto;
  busy: boolean;
  onSubmit: (input: CreateInventoryItemInput) => void;
  onCancel: () => void;
}

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

/** The item as typed: quantity and threshold stay text until sent. */
interface InventoryItemValues {
  name: string;
  category: string;
  quantity: string;
  unit: string;
  lowStockThreshold: string;
}

/** The item checked as POST /inventory checks it; the category filed under an existing spelling. */
const inventoryItemSchema = (categories: readonly string[]) =>
  bodySchema(
    (values: InventoryItemValues) => ({
      ...values,
      category: pickCategory(values.category, categories),
      quantity: typedNumber(values.quantity),
      lowStockThreshold: typedNumber(values.lowStockThreshold) ?? 0,
    }),
    createInventoryItemInput,
  );

/** Name, category, quantity, unit and low-stock threshold of an item, added or edited. */
export function InventoryItemForm({ item, busy, onSubmit, onCancel }: InventoryItemFormProps) {
  const id = useId();
  // The picker offers what exists; without it (loading, failed) the box still takes any category.
  const categories = useInventoryCategories().data ?? [];
  const form = useForm<InventoryItemValues, unknown, CreateInventoryItemInput>({
    resolver: zodResolver(inventoryItemSchema(categories)),
    defaultValues: {
      name: item?.name ?? '',
      category: item?.category ?? '',
      quantity: item ? String(item.quantity) : '',
      unit: item?.unit ?? '',
      lowStockThreshold: item ? String(item.lowStockThreshold) : '0',
    },
  });
  const category = useWatch({ control: form.control, name: 'category' });
  const suggestions = categorySuggestions(category, categories);
  const isNewCategory = category.trim() !== '' && !categories.includes(pickCategory(category, categories));

  const submit = form.handleSubmit(
    (input) => onSubmit(input),
    (errors) => {
      if (errorMessages(errors).includes(INVENTORY_MESSAGES.itemRequired)) {
        toast.error('Missing Fields', { description: INVENTORY_MESSAGES.itemRequired });
      } else {
        toast.error('Invalid Quantity', {
          description: 'Quantity and threshold must be whole numbers of at least 0.',
        });
      }
    },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <InputField id={`${id}-name`} label="Name" {...form.register('name')} maxLength={200} />
      <div className="min-w-0 space-y-1">
        <InputField
          id={`${id}-category`}
          label="Category"
          {...form.register('category')}
          maxLength={100}
          list={`${id}-categories`}
          autoComplete="off"
          placeholder="Pick one or type a new one"
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
                  onClick={() =>
                    form.setValue('category', name, { shouldValidate: form.formState.isSubmitted })
                  }
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
        {...form.register('quantity')}
      />
      <InputField
        id={`${id}-unit`}
        label="Unit"
        {...form.register('unit')}
        maxLength={50}
        placeholder="bags, tonnes, pieces"
      />
      <InputField
        id={`${id}-threshold`}
        label="Low stock threshold"
        type="number"
        inputMode="numeric"
        min="0"
        step="1"
        {...form.register('lowStockThreshold')}
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
