import { PROJECT_STATUSES, type ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import { Search, SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { projectStatusLabel } from '../../../lib/project-status.ts';

interface ProjectListToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  status: ProjectStatus | '';
  onStatusChange: (status: ProjectStatus | '') => void;
  category: string;
  onCategoryChange: (category: string) => void;
  categories: readonly string[];
}

export function ProjectListToolbar(props: ProjectListToolbarProps) {
  const { search, onSearchChange, status, onStatusChange, category, onCategoryChange, categories } = props;
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row">
      <div className="relative flex-1">
        <label htmlFor="project-search" className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          id="project-search"
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Search projects by title or location"
          className="pl-9"
          autoComplete="off"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <div className="sm:w-44">
          <label htmlFor="project-status-filter" className="sr-only">
            Status
          </label>
          <NativeSelect
            id="project-status-filter"
            value={status}
            onChange={(event) => onStatusChange(event.target.value as ProjectStatus | '')}
          >
            <option value="">All Statuses</option>
            {PROJECT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {projectStatusLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="sm:w-44">
          <label htmlFor="project-category-filter" className="sr-only">
            Category
          </label>
          <NativeSelect
            id="project-category-filter"
            value={category}
            onChange={(event) => onCategoryChange(event.target.value)}
          >
            <option value="">All Categories</option>
            {categories.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" className="col-span-2 sm:col-span-1">
          <SlidersHorizontal aria-hidden="true" />
          More Filters
        </Button>
      </div>
    </div>
  );
}
