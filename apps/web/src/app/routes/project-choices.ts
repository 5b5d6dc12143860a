import { LOOKUP_LIMIT } from '@trowel/shared/config/constants.ts';
import { useProjects } from '../../features/projects/api/get-projects.ts';

/** The projects the user can see (up to 100, newest first), for project pickers of other features. */
export function useProjectChoices(): Array<{ id: string; title: string }> {
  const { items } = useProjects({}, LOOKUP_LIMIT);
  return items.map(({ id, title }) => ({ id, title }));
}
