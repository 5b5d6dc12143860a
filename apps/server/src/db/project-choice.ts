import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { PROJECT_CHOICES_MAX, type ProjectChoice } from '@trowel/shared/projects/project-choice.ts';
import type { Db } from './client.ts';
import { projectMembers, projects } from './schema/projects.ts';
import { visibleTo } from './visibility.ts';

/** The shared project choice (`isOffered`) as SQL on `projects`: the projects the person may act on. */
export function offeredProjects(choice: ProjectChoice, actor: Actor): SQL | undefined {
  switch (choice) {
    case 'visible':
      return visibleTo(actor);
    case 'led':
      return eq(projects.projectLeadId, actor.id);
    case 'team':
      return sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${actor.id})`;
    case 'none':
      return sql`false`;
    default: {
      const never: never = choice;
      throw new Error(`Unknown project choice ${String(never)}`);
    }
  }
}

/** The projects offered to the person, by title (PROJECT_CHOICES_MAX at most). */
export function projectChoices(db: Db, actor: Actor, choice: ProjectChoice) {
  return db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(offeredProjects(choice, actor))
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(PROJECT_CHOICES_MAX);
}
