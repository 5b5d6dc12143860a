import { useSearchParams } from 'react-router';

/** The project filter kept in the address (?projectId=), so a link or a reload opens the same project's list. */
export function useProjectIdParam(): [projectId: string, setProjectId: (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const setProjectId = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('projectId', id);
        else next.delete('projectId');
        return next;
      },
      { replace: true },
    );
  return [params.get('projectId') ?? '', setProjectId];
}
