import {
  INVENTORY_NARROW_BELOW_PX,
  INVENTORY_PAGE_SIZE_NARROW,
  INVENTORY_PAGE_SIZE_WIDE,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { InventoryListTab, RequestsLogTab } from '../../features/inventory/components/inventory-board.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../lib/session.ts';

type Tab = 'items' | 'requests';

/** /inventory: the Inventory List and the Requests Log (spec 2 §2). */
export function InventoryRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Inventory Management');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'items';
  // 8 a page under 768 px, else 12; read once so resizing does not restart the lists.
  const [pageSize] = useState(() =>
    window.innerWidth < INVENTORY_NARROW_BELOW_PX ? INVENTORY_PAGE_SIZE_NARROW : INVENTORY_PAGE_SIZE_WIDE,
  );
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Inventory Management" description="Stock on hand, and requests to the store." />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'requests' ? { tab: 'requests' } : {}, { replace: true })
        }
      >
        <TabsList>
          <TabsTrigger value="items">Inventory List</TabsTrigger>
          <TabsTrigger value="requests">Requests Log</TabsTrigger>
        </TabsList>
        <TabsContent value="items">
          <InventoryListTab user={user} pageSize={pageSize} />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsLogTab user={user} pageSize={pageSize} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
