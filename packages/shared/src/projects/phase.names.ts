import type { PhaseDto } from './project.schemas.ts';

/** How a phase is called on screen: its label when it has one, else its name. */
export function phaseLabel(phase: Pick<PhaseDto, 'name' | 'customLabel'>): string {
  return phase.customLabel?.trim() || phase.name;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a new name or label clashes with the name or label of another phase of the project
 * (the server refuses those with 409 too).
 */
export function phaseNameTaken(
  phases: ReadonlyArray<Pick<PhaseDto, 'id' | 'name' | 'customLabel'>>,
  candidates: ReadonlyArray<string | null | undefined>,
  exceptPhaseId?: string,
): boolean {
  const wanted = candidates.filter((value): value is string => Boolean(value?.trim()));
  return phases.some(
    (phase) =>
      phase.id !== exceptPhaseId &&
      [phase.name, phase.customLabel].some(
        (existing) => existing && wanted.some((candidate) => same(existing, candidate)),
      ),
  );
}
