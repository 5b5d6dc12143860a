import type { VendorRfqFilter } from '@trowel/shared/procurement/rfq.schemas.ts';
import { RFQ_MESSAGES } from '@trowel/shared/procurement/rfq.schemas.ts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useCardPageSize } from '../../../hooks/use-card-page-size.ts';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { useMyRfqs } from '../api/get-my-rfqs.ts';
import { useMyStats } from '../api/get-my-stats.ts';
import { VendorRfqCard } from './vendor-rfq-card.tsx';

const FILTERS: Array<[VendorRfqFilter, string]> = [
  ['all', 'All'],
  ['action_required', 'Action Required'],
  ['submitted', 'Submitted'],
];

/** The vendor's RFQs: four counters, search, the three filters and the cards (spec 3 §2.5). */
export function MyRfqList() {
  const search = useDebouncedSearch();
  const [filter, setFilter] = useState<VendorRfqFilter>('all');
  const limit = useCardPageSize();
  const list = useMyRfqs(filter, search.term, limit);
  const stats = useMyStats();
  const figure = (value: number | undefined) => (value === undefined ? '…' : String(value));
  const filtered = filter !== 'all' || search.term !== '';
  return (
    <div className="space-y-4">
      <FigureGrid
        label="RFQ counts"
        className="lg:grid-cols-4"
        figures={[
          { label: 'Total RFQs', value: figure(stats.data?.totalRfqs) },
          { label: 'Action Required', value: figure(stats.data?.actionRequired) },
          { label: 'Under Review', value: figure(stats.data?.underReview) },
          { label: 'Approved', value: figure(stats.data?.approved) },
        ]}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          id="my-rfq-search"
          value={search.input}
          onChange={search.setInput}
          placeholder="Search RFQs..."
        />
        <div role="group" aria-label="Filter RFQs" className="flex gap-2">
          {FILTERS.map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? 'primary' : 'outline'}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      <InfiniteList
        list={list}
        label="My RFQs"
        className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
        texts={listTexts('RFQ', 'RFQs', RFQ_MESSAGES.vendorListTitle, 'Loading your RFQs...')}
        empty={
          filtered
            ? { title: 'No RFQs Found', description: 'Try adjusting your search or filter criteria.' }
            : {
                title: 'No RFQs Yet',
                description:
                  "You haven't received any requests for quotation yet. When project managers send you RFQs, they'll appear here.",
              }
        }
        renderItem={(rfq, ref) => <VendorRfqCard rfq={rfq} cardRef={ref} />}
      />
    </div>
  );
}
