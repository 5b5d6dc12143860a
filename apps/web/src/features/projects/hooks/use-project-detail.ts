import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client.ts';
import { useProject } from '../api/get-project.ts';

export const PROJECT_NOT_FOUND_MESSAGE =
  "The project you're looking for doesn't exist or you don't have access to it.";

interface ToastText {
  title: string;
  description: string;
}

/** The toasts for a project that is missing or hidden (404) and for any other failed load. */
export interface ProjectLoadToasts {
  notFound: ToastText;
  failed: ToastText;
}

const DETAIL_TOASTS: ProjectLoadToasts = {
  notFound: { title: 'Project not found', description: PROJECT_NOT_FOUND_MESSAGE },
  failed: {
    title: 'Error loading project',
    description: 'Failed to load project details. Please try again.',
  },
};

/**
 * One project for a screen about it. A missing or hidden project (404) says so and goes back to
 * /projects; other failures are reported and left for the screen to offer a retry. `toasts` words
 * both (the project details screen's by default).
 */
export function useProjectDetail(projectId: string, toasts: ProjectLoadToasts = DETAIL_TOASTS) {
  const navigate = useNavigate();
  const query = useProject(projectId);
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  const { title, description } = notFound ? toasts.notFound : toasts.failed;

  useEffect(() => {
    if (!failedAt) return;
    toast.error(title, { description });
    if (notFound) void navigate('/projects', { replace: true });
  }, [failedAt, notFound, navigate, title, description]);

  return { query, notFound };
}
