import { useState, type ReactNode } from 'react';

type Project = { id: string; title: string };

/**
 * Renders a form whose projects arrive later, as a list that loads after the form opened: none at
 * first, then `project` once 'Projects loaded' is pressed.
 */
export function ProjectsLater({
  project,
  children,
}: {
  project: Project;
  children: (projects: Project[]) => ReactNode;
}) {
  const [projects, setProjects] = useState<Project[]>([]);
  return (
    <>
      <button type="button" onClick={() => setProjects([project])}>
        Projects loaded
      </button>
      {children(projects)}
    </>
  );
}
