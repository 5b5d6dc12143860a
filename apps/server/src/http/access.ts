import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/**
 * Who may call a route: anyone, any signed-in user, or the listed roles.
 * Every /api route declares one in `config.access`; start fails when one does not.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The user's row as loaded with the session (never sent as is: answers go through the DTOs). */
  profile: UserRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') {
      const token = bearerToken(request);
      if (token) request.user = await authenticator.authenticate(token);
      return;
    }
    const token = bearerToken(request);
    const user = token ? await authenticator.authenticate(token) : null;
    if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
    request.user = user;
    if (access !== 'authenticated' && !access.includes(user.role)) {
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
