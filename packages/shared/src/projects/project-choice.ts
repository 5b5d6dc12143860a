import { z } from 'zod';
import type { Actor } from '../auth/policy.ts';
import { canViewProject } from '../auth/scope.ts';
import { ok } from '../http/envelope.ts';

/**
 * Which projects a person may act on for one purpose (create a budget, ask for materials, request
 * stock): every project they see, those they lead, those listing them on the team, or none. Each
 * domain names its choice in one function; the server refuses a project outside it, answers the
 * choices from the same rule in SQL, and the web app offers only those.
 */
export type ProjectChoice = 'visible' | 'led' | 'team' | 'none';

/** What the rule reads of a project: its lead and client, and whether the person is on its team. */
export interface ProjectStanding {
  projectLeadId: string | null;
  clientId: string | null;
  /** Whether the person is on the project's team; read by 'team' only (unknown counts as no). */
  isMember?: boolean;
}

/** Whether the project is among the person's choices. */
export function isOffered(choice: ProjectChoice, actor: Actor, project: ProjectStanding): boolean {
  switch (choice) {
    case 'visible':
      return canViewProject(actor, project);
    case 'led':
      return project.projectLeadId === actor.id;
    case 'team':
      return project.isMember === true;
    case 'none':
      return false;
    default: {
      const never: never = choice;
      throw new Error(`Unknown project choice ${String(never)}`);
    }
  }
}

/** The most projects a choice list answers, by title. */
export const PROJECT_CHOICES_MAX = 500;

export const projectChoiceDto = z.object({ id: z.string(), title: z.string() });
export type ProjectChoiceDto = z.infer<typeof projectChoiceDto>;
export const projectChoicesAnswer = ok({ projects: z.array(projectChoiceDto) });
export type ProjectChoicesAnswer = z.output<typeof projectChoicesAnswer>;
