import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, isAbility, type Ability } from '@trowel/shared/auth/policy.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { z } from 'zod';
import type { UserRow } from '../db/schema/people.ts';
import { AppError, notFound } from './app-error.ts';

/**
 * Who may call a route: anyone, any signed-in user, or those with an ability of the shared ability
 * table. Every /api route declares one in `config.access`; start fails when one does not.
 */
export type Access = 'public' | 'authenticated' | Ability;

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The user's row as loaded with the session (never sent as is: answers go through the DTOs). */
  profile: UserRow;
}

/**
 * The object-level check of a route (lead of this project, author of this log), run after the role
 * check and before the body is validated or read: a caller who may not act is refused (403, or 404
 * for what they may not see) before anything they sent is looked at. It gets the route's path
 * parameters, already checked against the route's schema.
 */
export type Authorize = (actor: AuthUser, params: Record<string, string>) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    authorize?: Authorize;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface Authenticator {
  /** The signed-in user of a bearer token, or null. */
  authenticate(token: string): Promise<AuthUser | null>;
  onForbidden(request: FastifyRequest, user: AuthUser): void;
}

const EXEMPT_PREFIXES = ['/api/docs'];

export class MissingAccessError extends Error {}

/** Reads the bearer token of a request; tokens are never accepted in a URL. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** Whether a signed-in user passes a route's declared access. */
export function mayCall(access: Access, user: Pick<AuthUser, 'role'>): boolean {
  return access === 'public' || access === 'authenticated' || can(user, access);
}

/**
 * Path parameters that do not match the route's schema (an id of the wrong shape) name nothing that
 * exists: 404, whatever their shape, before anything else is looked at.
 */
function checkedParams(request: FastifyRequest): Record<string, string> {
  const schema = request.routeOptions.schema?.params as z.ZodType | undefined;
  if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') {
    return request.params as Record<string, string>;
  }
  const parsed = schema.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data as Record<string, string>;
}

/** 404 for path parameters that match nothing, then the route's object check (see Authorize). */
function paramsAndAuthorize(authenticator: Authenticator) {
  return async (request: FastifyRequest) => {
    const params = checkedParams(request);
    const authorize = request.routeOptions.config.authorize;
    if (!authorize) return;
    try {
      await authorize(actorOf(request), params);
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        authenticator.onForbidden(request, actorOf(request));
      }
      throw error;
    }
  };
}

/** Enforces declared access on every route and refuses routes that declare none. */
export function registerAccessControl(app: FastifyInstance, authenticator: Authenticator) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api') || EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new MissingAccessError(`Route ${String(route.method)} ${url} declares no access rule`);
    }
    if (access !== 'public' && access !== 'authenticated' && !isAbility(access)) {
      throw new MissingAccessError(`Route ${String(route.method)} ${url} declares an unknown ability`);
    }
    if (route.config?.authorize && access === 'public') {
      throw new MissingAccessError(`Route ${String(route.method)} ${url} authorizes without a session`);
    }
    // Only routes with path parameters or an object check get the hook: the others pay nothing.
    if (route.schema?.params || route.config?.authorize) {
      const existing = route.preValidation ?? [];
      route.preValidation = [
        ...(Array.isArray(existing) ? existing : [existing]),
        paramsAndAuthorize(authenticator),
      ];
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    const token = bearerToken(request);
    if (access === undefined || access === 'public') {
      if (token) request.user = await authenticator.authenticate(token);
      return;
    }
    const user = token ? await authenticator.authenticate(token) : null;
    if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
    request.user = user;
    if (!mayCall(access, user)) {
      authenticator.onForbidden(request, user);
      throw new AppError('FORBIDDEN', "You don't have permission to access this resource");
    }
  });
}

/** The signed-in user of a route that requires one. */
export function actorOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return request.user;
}
