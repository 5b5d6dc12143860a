import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client.ts';
import { useProject } from '../api/get-project.ts';

export const PROJECT_NOT_FOUND_MESSAGE =
  "The project you're looking for doesn't exist or you don't have access to it.";

/**
 * One project for a screen about it. A missing or hidden project (404) says so and goes back to
 * /projects; other failures are reported and left for the screen to offer a retry.
 */
export function useProjectDetail(projectId: string) {
  const navigate = useNavigate();
  const query = useProject(projectId);
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  const failedAt = query.isError ? query.errorUpdatedAt : 0;

  useEffect(() => {
    if (!failedAt) return;
    if (notFound) {
      toast.error('Project not found', { description: PROJECT_NOT_FOUND_MESSAGE });
      void navigate('/projects', { replace: true });
    } else {
      toast.error('Error loading project', {
        description: 'Failed to load project details. Please try again.',
      });
    }
  }, [failedAt, notFound, navigate]);

  return { query, notFound };
}
