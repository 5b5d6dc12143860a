import { can } from '@trowel/shared/auth/policy.ts';
import { INVENTORY_MESSAGES } from '@trowel/shared/inventory/inventory.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateInventoryItem } from '../api/change-inventory.ts';
import { useInventory } from '../api/get-inventory.ts';
import { useInventoryRequests } from '../api/get-inventory-requests.ts';
import { InventoryItemCard } from './inventory-item-card.tsx';
import { InventoryItemForm } from './inventory-item-form.tsx';
import { InventoryRequestCard } from './inventory-request-card.tsx';
import { failureTitle } from './failure-title.ts';

interface BoardProps {
  user: Pick<UserDto, 'id' | 'role'>;
  pageSize: number;
}

/** The Inventory List tab: search, category filter, add (by role), and the items scrolling on. */
export function InventoryListTab({ user, pageSize }: BoardProps) {
  const search = useDebouncedSearch();
  const [category, setCategory] = useState('');
  const [adding, setAdding] = useState(false);
  const create = useCreateInventoryItem();
  const { list, categories } = useInventory({ search: search.term, category }, pageSize);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          id="inventory-search"
          value={search.input}
          onChange={search.setInput}
          placeholder="Search items"
        />
        <SelectField
          id="inventory-category"
          label="Category"
          hideLabel
          value={category}
          onChange={setCategory}
          className="sm:w-56"
        >
          <option value="">All Categories</option>
          <SelectOptions
            values={category && !categories.includes(category) ? [category, ...categories] : categories}
          />
        </SelectField>
        {can(user, 'inventory:manage') && !adding ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add Item
          </Button>
        ) : null}
      </div>
      {adding ? (
        <Card className="p-4">
          <InventoryItemForm
            busy={create.isPending}
            onCancel={() => setAdding(false)}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: () => {
                  toast.success('Item added');
                  setAdding(false);
                },
                onError: (error) =>
                  toast.error(failureTitle(error, 'Submission'), {
                    description: errorMessage(error, INVENTORY_MESSAGES.addItemFailed),
                  }),
              })
            }
          />
        </Card>
      ) : null}
      <InfiniteList
        list={list}
        label="Inventory items"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        scrollToTop
        texts={listTexts('item', 'items', INVENTORY_MESSAGES.loadError, 'Loading inventory...')}
        empty={{
          title: search.term || category ? 'No items match your search' : 'No inventory items yet',
          description: can(user, 'inventory:manage')
            ? 'Add the items the store holds.'
            : 'Items in stock will appear here.',
        }}
        renderItem={(item, ref) => <InventoryItemCard item={item} user={user} cardRef={ref} />}
      />
    </div>
  );
}

/** The Requests Log tab: search by item, project or requester, and each request with this person's actions. */
export function RequestsLogTab({ user, pageSize }: BoardProps) {
  const search = useDebouncedSearch();
  const list = useInventoryRequests(search.term, pageSize);
  return (
    <div className="space-y-4">
      <SearchInput
        id="requests-search"
        value={search.input}
        onChange={search.setInput}
        placeholder="Search by item, project or requester"
      />
      <InfiniteList
        list={list}
        label="Inventory requests"
        className="grid gap-3 lg:grid-cols-2"
        scrollToTop
        texts={listTexts(
          'request',
          'requests',
          INVENTORY_MESSAGES.loadRequestsError,
          'Loading inventory requests...',
        )}
        empty={{ title: search.term ? 'No requests match your search' : 'No inventory requests yet' }}
        renderItem={(request, ref) => <InventoryRequestCard request={request} user={user} cardRef={ref} />}
      />
    </div>
  );
}
