import { RFQ_STATUSES } from '@trowel/shared/procurement/rfq.machine.ts';
import { RFQ_MESSAGES } from '@trowel/shared/procurement/rfq.schemas.ts';
import { rfqNumberLabel, rfqStatusLabel } from '@trowel/shared/procurement/rfq.labels.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { ProjectFilterSelect, SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { useCardPageSize } from '../../../hooks/use-card-page-size.ts';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useRfqs, type RfqFilters } from '../api/get-rfqs.ts';
import { RfqStatusBadge } from './rfq-status-badge.tsx';

interface RfqListProps {
  projects: readonly { id: string; title: string }[];
  /** Only the RFQs sent to this vendor ('View RFQs' of the vendor list). */
  vendorId: string;
}

/** The staff's RFQs, newest first, with search and status and project filters. */
export function RfqList({ projects, vendorId }: RfqListProps) {
  const search = useDebouncedSearch();
  const [status, setStatus] = useState<RfqFilters['status']>('');
  const [projectId, setProjectId] = useState('');
  const limit = useCardPageSize();
  const list = useRfqs({ search: search.term, status, projectId, vendorId }, limit);
  const filtered = Boolean(search.term || status || projectId || vendorId);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          id="rfq-search"
          value={search.input}
          onChange={search.setInput}
          placeholder="Search RFQs..."
        />
        <SelectField id="rfq-status-filter" label="Status" value={status} onChange={setStatus}>
          <option value="">All Statuses</option>
          <SelectOptions values={RFQ_STATUSES} label={rfqStatusLabel} />
        </SelectField>
        <ProjectFilterSelect
          id="rfq-project-filter"
          projects={projects}
          value={projectId}
          onChange={setProjectId}
        />
      </div>
      <InfiniteList
        list={list}
        label="RFQs"
        className="grid gap-3 md:grid-cols-2"
        texts={listTexts('RFQ', 'RFQs', RFQ_MESSAGES.loadListFailed)}
        empty={{
          title: filtered ? 'No RFQs Found' : 'No RFQs Yet',
          description: filtered
            ? 'Try adjusting your search or filter criteria.'
            : 'Create a request for quotation to send to vendors.',
        }}
        renderItem={(rfq, ref) => (
          <Card ref={ref} className="space-y-2 p-4" data-testid="rfq-card">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-500">{rfqNumberLabel(rfq.number)}</p>
                <h3 className="font-semibold wrap-anywhere text-slate-900">
                  <Link to={`/procurement/rfqs/${rfq.id}`} className="hover:underline">
                    {rfq.title}
                  </Link>
                </h3>
              </div>
              <RfqStatusBadge status={rfq.status} />
            </div>
            {rfq.project ? <p className="text-sm text-slate-700">{rfq.project.title}</p> : null}
            <p className="text-xs text-slate-500">
              {rfq.itemCount} item{rfq.itemCount === 1 ? '' : 's'} · {rfq.vendorCount} vendor
              {rfq.vendorCount === 1 ? '' : 's'} · {rfq.responseCount} quote
              {rfq.responseCount === 1 ? '' : 's'} · {formatDate(rfq.createdAt)}
              {rfq.createdBy ? ` · ${rfq.createdBy.name}` : ''}
            </p>
          </Card>
        )}
      />
    </div>
  );
}
