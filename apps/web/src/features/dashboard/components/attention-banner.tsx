import { ATTENTION_PROGRESS_THRESHOLD } from '@trowel/shared/projects/project.constants.ts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSessionFlag } from '../../../hooks/use-session-flag.ts';

interface AttentionBannerProps {
  projects: ReadonlyArray<{ id: string; title: string; progress: number }>;
}

/** Lists active projects under 30% progress as behind schedule, until dismissed for the session. */
export function AttentionBanner({ projects }: AttentionBannerProps) {
  const [dismissed, dismiss] = useSessionFlag('trowel.attention-banner.dismissed');
  if (dismissed || projects.length === 0) return null;
  return (
    <Alert title="Attention Required" tone="warning" onDismiss={dismiss}>
      <p>
        {projects.length === 1 ? 'This project is' : 'These projects are'} behind schedule, with progress
        under {ATTENTION_PROGRESS_THRESHOLD}%:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {projects.map((project) => (
          <li key={project.id}>
            <Link to={`/projects/${encodeURIComponent(project.id)}`} className="font-medium underline">
              {project.title}
            </Link>{' '}
            — {project.progress}% complete
          </li>
        ))}
      </ul>
    </Alert>
  );
}
