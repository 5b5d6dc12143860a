import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export const INPUT_GUARD_MESSAGES = {
  nul: 'Text may not contain the NUL character (U+0000)',
  surrogate: 'Text must be valid Unicode: it has an unpaired surrogate (U+D800 to U+DFFF)',
  depth: 'The request is nested too deeply',
  notAnObject: 'The body must be a JSON object',
} as const;

/** Deeper than any answer or form of the product nests (a budget's lines are three levels). */
export const MAX_INPUT_DEPTH = 32;

type Problem = 'nul' | 'surrogate' | 'depth';

/** A UTF-16 surrogate without its pair: JSON can carry one (`"\ud800"`), no text column or JSON value can. */
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

function stringProblem(text: string): Problem | null {
  if (text.includes('\u0000')) return 'nul';
  if (UNPAIRED_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * What makes a parsed value unfit for any route, whatever its schema: a NUL character in a string or
 * a key (PostgreSQL refuses it in text), an unpaired surrogate (stored as U+FFFD in text, refused in
 * JSON), or nesting deeper than MAX_INPUT_DEPTH (which would exhaust the stack of whatever walks it
 * next). Walked without recursion, so no depth can overflow it.
 */
export function inputProblem(value: unknown): Problem | null {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      const problem = stringProblem(item);
      if (problem) return problem;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'depth';
    for (const [key, child] of Object.entries(item)) {
      const problem = stringProblem(key);
      if (problem) return problem;
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * The same checks on a form field's text, which may hold JSON (a budget's lines): a NUL character, an
 * unpaired surrogate, or brackets nested deeper than MAX_INPUT_DEPTH, counted without parsing (strings
 * skipped).
 */
export function textProblem(text: string): Problem | null {
  const problem = stringProblem(text);
  if (problem) return problem;
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

const inputError = (problem: Problem) => new AppError('VALIDATION_ERROR', INPUT_GUARD_MESSAGES[problem]);

export function refuseInput(problem: Problem): never {
  throw inputError(problem);
}

/** The hook itself, callback-style: it runs on every API request, and needs no promise of its own. */
function guard(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const problem = inputProblem(request.query) ?? inputProblem(request.body);
  done(problem ? inputError(problem) : undefined);
}

/**
 * Every API route refuses a NUL character, an unpaired surrogate or too deep a nesting in its query or
 * JSON body with 400,
 * in one place: after the caller's access and object checks (so a caller who may not act is refused
 * first) and before the route's schema reads the input. Multipart fields are checked as they are
 * read (files/receive-files.ts).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const existing = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), guard];
  });
}
