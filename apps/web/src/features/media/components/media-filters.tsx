import { MEDIA_TYPES } from '@trowel/shared/media/media.schemas.ts';
import { ProjectFilterSelect, SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import type { MediaTypeFilter, ProjectChoice } from '../types.ts';

const TYPE_LABELS = {
  image: 'Images',
  video: 'Videos',
  document: 'Documents',
} as const satisfies Record<(typeof MEDIA_TYPES)[number], string>;

interface MediaFiltersProps {
  projects: readonly ProjectChoice[];
  projectId: string;
  onProjectChange: (projectId: string) => void;
  type: MediaTypeFilter;
  onTypeChange: (type: MediaTypeFilter) => void;
}

/** Project and file type filters of the media screen. */
export function MediaFilters({
  projects,
  projectId,
  onProjectChange,
  type,
  onTypeChange,
}: MediaFiltersProps) {
  return (
    <div className="mb-3 grid grid-cols-1 gap-3 sm:flex">
      <ProjectFilterSelect
        id="media-project-filter"
        className="sm:w-64"
        projects={projects}
        value={projectId}
        onChange={onProjectChange}
      />
      <SelectField
        id="media-type-filter"
        label="Type"
        className="sm:w-44"
        value={type}
        onChange={onTypeChange}
      >
        <option value="all">All Types</option>
        <SelectOptions values={MEDIA_TYPES} label={(value) => TYPE_LABELS[value]} />
      </SelectField>
    </div>
  );
}
