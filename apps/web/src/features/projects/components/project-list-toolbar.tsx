import { PROJECT_STATUSES, type ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { projectStatusLabel } from '../../../lib/project-status.ts';

interface ProjectListToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  status: ProjectStatus | '';
  onStatusChange: (status: ProjectStatus | '') => void;
  category: string;
  onCategoryChange: (category: string) => void;
  categories: readonly string[];
  /** The 'More Filters' toggle, for those who may look people up; left out otherwise. */
  moreFilters?: { open: boolean; onToggle: () => void; panelId: string } | undefined;
}

export function ProjectListToolbar(props: ProjectListToolbarProps) {
  const { search, onSearchChange, status, onStatusChange, category, onCategoryChange, categories } = props;
  const { moreFilters } = props;
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row">
      <SearchInput
        id="project-search"
        value={search}
        onChange={onSearchChange}
        placeholder="Search projects by title or location"
      />
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <SelectField
          id="project-status-filter"
          label="Status"
          hideLabel
          className="sm:w-44"
          value={status}
          onChange={onStatusChange}
        >
          <option value="">All Statuses</option>
          <SelectOptions values={PROJECT_STATUSES} label={projectStatusLabel} />
        </SelectField>
        <SelectField
          id="project-category-filter"
          label="Category"
          hideLabel
          className="sm:w-44"
          value={category}
          onChange={onCategoryChange}
        >
          <option value="">All Categories</option>
          <SelectOptions values={categories} />
        </SelectField>
        {moreFilters ? (
          <Button
            variant={moreFilters.open ? 'secondary' : 'outline'}
            className="col-span-2 sm:col-span-1"
            aria-expanded={moreFilters.open}
            aria-controls={moreFilters.panelId}
            onClick={moreFilters.onToggle}
          >
            <SlidersHorizontal aria-hidden="true" />
            More Filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
