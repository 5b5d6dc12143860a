import { SearchInput } from '../../../components/ui/search-input.tsx';
import { LoadingState } from '../../../components/ui/states.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { useActiveVendors } from '../api/get-vendors.ts';

interface Chosen {
  id: string;
  name: string;
}

/** The RFQ's vendors: active vendors found by a search, ticked to send the RFQ to; those chosen listed by name. */
export function RfqVendorChooser({
  chosen,
  onChange,
}: {
  chosen: readonly Chosen[];
  onChange: (chosen: Chosen[]) => void;
}) {
  const vendorSearch = useDebouncedSearch();
  const vendors = useActiveVendors(vendorSearch.term);
  const isChosen = (id: string) => chosen.some((one) => one.id === id);
  const toggle = (vendor: Chosen) =>
    onChange(
      isChosen(vendor.id)
        ? chosen.filter((one) => one.id !== vendor.id)
        : [...chosen, { id: vendor.id, name: vendor.name }],
    );

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Vendors *</legend>
      <SearchInput
        id="rfq-vendor-search"
        value={vendorSearch.input}
        onChange={vendorSearch.setInput}
        placeholder="Search vendors..."
      />
      {chosen.length > 0 ? (
        <p className="text-sm text-slate-700">
          {chosen.length} chosen: {chosen.map((vendor) => vendor.name).join(', ')}
        </p>
      ) : null}
      {vendors.isPending ? <LoadingState label="Loading vendors..." className="py-4" /> : null}
      {vendors.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load vendors.{' '}
          <button type="button" className="underline" onClick={() => void vendors.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {vendors.data?.length === 0 ? <p className="text-sm text-slate-600">No active vendors yet.</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {vendors.data?.map((vendor) => (
          <label
            key={vendor.id}
            className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm"
          >
            <input type="checkbox" checked={isChosen(vendor.id)} onChange={() => toggle(vendor)} />
            <span className="min-w-0 wrap-anywhere">
              {vendor.name}
              <span className="block text-xs text-slate-500">{vendor.category ?? vendor.email}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
