import { can } from '@trowel/shared/auth/policy.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import {
  VENDOR_CATEGORIES,
  VENDOR_MESSAGES,
  VENDOR_STATES,
} from '@trowel/shared/procurement/vendor.constants.ts';
import type { VendorListItem } from '@trowel/shared/procurement/vendor.schemas.ts';
import { Mail, MapPin, Phone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { useCardPageSize } from '../../../hooks/use-card-page-size.ts';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteVendor } from '../api/delete-vendor.ts';
import { useVendors, type VendorFilters } from '../api/get-vendors.ts';
import { VendorStatusBadge } from './vendor-status-badge.tsx';

interface VendorListProps {
  user: UserDto;
  onEdit: (vendor: VendorListItem) => void;
  /** Further actions of a vendor's card (sending them a link). */
  extraActions?: (vendor: VendorListItem) => ReactNode;
}

/** Vendors by company name: search, category and state filters, edit, delete (admin) and their RFQs. */
export function VendorList({ user, onEdit, extraActions }: VendorListProps) {
  const search = useDebouncedSearch();
  const [category, setCategory] = useState<VendorFilters['category']>('');
  const [state, setState] = useState<VendorFilters['state']>('');
  const limit = useCardPageSize();
  const list = useVendors({ search: search.term, category, state }, limit);
  const [deleting, setDeleting] = useState<VendorListItem | null>(null);
  const remove = useDeleteVendor();
  const filtered = Boolean(search.term || category || state);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          id="vendor-search"
          value={search.input}
          onChange={search.setInput}
          placeholder="Search vendors..."
        />
        <SelectField id="vendor-category-filter" label="Category" value={category} onChange={setCategory}>
          <option value="">All Categories</option>
          <SelectOptions values={VENDOR_CATEGORIES} />
        </SelectField>
        <SelectField id="vendor-state-filter" label="State" value={state} onChange={setState}>
          <option value="">All States</option>
          <SelectOptions values={VENDOR_STATES} />
        </SelectField>
      </div>
      <InfiniteList
        list={list}
        label="Vendors"
        className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
        texts={listTexts('vendor', 'vendors', VENDOR_MESSAGES.loadFailed)}
        empty={{
          title: filtered ? 'No vendors found' : 'No vendors yet',
          description: filtered
            ? 'Try adjusting your search or filter criteria.'
            : 'Add the company’s suppliers to send them requests for quotation.',
        }}
        renderItem={(vendor, ref) => (
          <Card ref={ref} className="flex flex-col gap-3 p-4" data-testid="vendor-card">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold wrap-anywhere text-slate-900">{vendor.name}</h3>
                <p className="text-sm text-slate-600">{vendor.contactPerson}</p>
              </div>
              <VendorStatusBadge status={vendor.status} />
            </div>
            <ul className="space-y-1 text-sm text-slate-700">
              <li className="flex items-center gap-2 wrap-anywhere">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                {vendor.email}
              </li>
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                {vendor.phone}
              </li>
              {vendor.state ? (
                <li className="flex items-center gap-2">
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  {vendor.state}
                </li>
              ) : null}
            </ul>
            <p className="text-xs text-slate-500">
              {vendor.category ?? 'No category'} · {vendor.rfqCount} RFQ{vendor.rfqCount === 1 ? '' : 's'}
            </p>
            <div className="mt-auto flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => onEdit(vendor)}>
                Edit
              </Button>
              <Button size="sm" variant="outline" asChild>
                <Link to={`/procurement/rfqs?vendorId=${vendor.id}`}>View RFQs</Link>
              </Button>
              {can(user, 'vendors:delete') ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  onClick={() => setDeleting(vendor)}
                >
                  Delete
                </Button>
              ) : null}
              {extraActions?.(vendor)}
            </div>
          </Card>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete vendor?"
        description={
          deleting
            ? `${deleting.name} and their sign-in account will be removed. A vendor who was sent RFQs cannot be deleted; set them inactive instead.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Vendor deleted');
              setDeleting(null);
            },
            onError: (error) => {
              toast.error(errorMessage(error, VENDOR_MESSAGES.deleteFailed));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
