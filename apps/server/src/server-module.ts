import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { Housekeeping, JobKind } from './jobs/worker.ts';
import type { ModuleParts } from './platform.ts';

/**
 * What a module brings to the server, declared in its own folder (`<name>.module.ts`) and listed once
 * in `modules.ts`: the app registers its routes, the workers run its job kinds, the workflow engine
 * runs its reactions to other workflows' steps.
 */
export interface ServerModule extends ModuleParts {
  name: string;
  /** Its route plugins, registered under `/api` in the order of the module list. */
  routes?: ReadonlyArray<(ctx: AppContext) => FastifyPluginAsyncZod>;
  /** Its kinds of background job, keyed by job type. */
  jobKinds?: Readonly<Record<string, JobKind<AppContext>>>;
  /** Its periodic clean-ups, run by every worker every ten minutes. */
  housekeeping?: ReadonlyArray<Housekeeping<AppContext>>;
}

/** Every job kind the modules bring; a type declared twice is a mistake in the module list. */
export function jobKindsOf(modules: readonly ServerModule[]): Record<string, JobKind<AppContext>> {
  const kinds: Record<string, JobKind<AppContext>> = {};
  for (const module of modules)
    for (const [type, kind] of Object.entries(module.jobKinds ?? {})) {
      if (kinds[type]) throw new Error(`Job kind ${type} is declared by two modules`);
      kinds[type] = kind;
    }
  return kinds;
}

/** Every periodic clean-up the modules bring. */
export function housekeepingOf(modules: readonly ServerModule[]): Array<Housekeeping<AppContext>> {
  return modules.flatMap((module) => module.housekeeping ?? []);
}
