import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export const INPUT_GUARD_MESSAGES = {
  nul: 'Text may not contain the NUL character (U+0000)',
  depth: 'The request is nested too deeply',
  notAnObject: 'The body must be a JSON object',
} as const;

/** Deeper than any answer or form of the product nests (a budget's lines are three levels). */
export const MAX_INPUT_DEPTH = 32;

type Problem = 'nul' | 'depth';

/**
 * What makes a parsed value unfit for any route, whatever its schema: a NUL character in a string or
 * a key (PostgreSQL refuses it in text), or nesting deeper than MAX_INPUT_DEPTH (which would exhaust
 * the stack of whatever walks it next). Walked without recursion, so no depth can overflow it.
 */
export function inputProblem(value: unknown): Problem | null {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'depth';
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'nul';
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * The same checks on a form field's text, which may hold JSON (a budget's lines): a NUL character,
 * or brackets nested deeper than MAX_INPUT_DEPTH, counted without parsing (strings skipped).
 */
export function textProblem(text: string): Problem | null {
  if (text.includes('\u0000')) return 'nul';
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (++depth > MAX_INPUT_DEPTH) return 'depth';
    } else if (char === '}' || char === ']') depth--;
  }
  return null;
}

export function refuseInput(problem: Problem): never {
  throw new AppError('VALIDATION_ERROR', INPUT_GUARD_MESSAGES[problem]);
}

function guard(request: FastifyRequest) {
  const problem = inputProblem(request.query) ?? inputProblem(request.body);
  if (problem) refuseInput(problem);
}

/**
 * Every API route refuses a NUL character or too deep a nesting in its query or JSON body with 400,
 * in one place: after the caller's access and object checks (so a caller who may not act is refused
 * first) and before the route's schema reads the input. Multipart fields are checked as they are
 * read (files/receive-files.ts).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const existing = route.preValidation ?? [];
    route.preValidation = [
      ...(Array.isArray(existing) ? existing : [existing]),
      async (request) => guard(request),
    ];
  });
}
