import { formatQuantity } from '@trowel/shared/money/format.ts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useStockItemSearch } from '../api/find-stock-items.ts';

export interface ChosenStockItem {
  id: string;
  name: string;
}

interface StockItemPickerProps {
  /** The ordered material: its name and unit. */
  name: string;
  unit: string;
  /** Part of the line came already: left unchosen, the rest joins the stores item that part went into. */
  receivedBefore?: boolean;
  chosen: ChosenStockItem | null;
  onChoose: (item: ChosenStockItem | null) => void;
  disabled?: boolean;
}

const sameUnit = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where a delivered line goes in the stores: by default the item of the same name and unit (made when
 * new); the store keeper may choose an item already kept under another name, in the same unit.
 */
export function StockItemPicker({
  name,
  unit,
  receivedBefore = false,
  chosen,
  onChoose,
  disabled,
}: StockItemPickerProps) {
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const found = useStockItemSearch(choosing ? term : '');
  const matches = (found.data ?? []).filter((item) => sameUnit(item.unit, unit));

  if (!choosing) {
    return (
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <span className="wrap-anywhere">
          {chosen || !receivedBefore ? (
            <>
              Into stores as{' '}
              <span className="font-medium text-slate-900">{chosen ? chosen.name : `${name} (${unit})`}</span>
              {chosen ? null : ', made if new'}
            </>
          ) : (
            'Into the stores item its earlier deliveries went into'
          )}
        </span>
        <Button type="button" size="sm" variant="ghost" disabled={disabled} onClick={() => setChoosing(true)}>
          Choose a stores item
        </Button>
        {chosen ? (
          <Button type="button" size="sm" variant="ghost" disabled={disabled} onClick={() => onChoose(null)}>
            Use the ordered name
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-2">
      <label htmlFor={`${id}-search`} className="text-xs font-medium text-slate-800">
        Stores item in {unit}
      </label>
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Type two letters or more of its name"
        maxLength={100}
        disabled={disabled}
      />
      {term.trim().length < 2 ? null : found.isPending ? (
        <p role="status" className="text-xs text-slate-600">
          Searching the stores...
        </p>
      ) : found.isError ? (
        <p role="alert" className="text-xs text-red-700">
          The stores could not be searched.{' '}
          <Button type="button" size="sm" variant="ghost" onClick={() => void found.refetch()}>
            Try again
          </Button>
        </p>
      ) : matches.length === 0 ? (
        <p className="text-xs text-slate-600">No stores item in {unit} has that in its name.</p>
      ) : (
        <ul aria-label="Stores items found" className="space-y-1">
          {matches.map((item) => (
            <li key={item.id}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="h-auto w-full justify-start text-left whitespace-normal wrap-anywhere"
                onClick={() => {
                  onChoose({ id: item.id, name: item.name });
                  setChoosing(false);
                }}
              >
                <span className="min-w-0 wrap-anywhere">
                  {item.name} · {formatQuantity(item.quantity)} {item.unit} in stock
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="button" size="sm" variant="ghost" onClick={() => setChoosing(false)}>
        Cancel
      </Button>
    </div>
  );
}
