import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';

/** An API route as the app registered it. */
export interface ApiRoute {
  method: string;
  /** The path as OpenAPI writes it: `/api/users/{id}`. */
  path: string;
  /** `METHOD /api/path/{param}`: how the tables of the role matrix and the fuzz name a route. */
  key: string;
  schema: {
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
  };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/users/:id` → `/api/users/{id}`; a wildcard stays `*`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Runs `start` (which builds the app, e.g. startTestServer) and lists every /api route it registered:
 * an onRoute hook is added to each Fastify instance as it is created (Fastify publishes its creation
 * on the `fastify.initialization` diagnostics channel), so nothing in the app has to expose its routes
 * and a route registered anywhere, documented or not, is listed. HEAD routes Fastify adds for GETs
 * are left out.
 */
export async function withRouteList<T>(start: () => Promise<T>): Promise<{ started: T; routes: ApiRoute[] }> {
  const routes: ApiRoute[] = [];
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.has(method)) continue;
      const path = openApiPath(route.url);
      routes.push({
        method,
        path,
        key: `${method} ${path}`,
        schema: (route.schema ?? {}) as ApiRoute['schema'],
      });
    }
  };
  const onCreate = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', collect);
  };
  diagnostics.subscribe('fastify.initialization', onCreate);
  try {
    const started = await start();
    const unique = new Map(routes.map((route) => [route.key, route]));
    return { started, routes: [...unique.values()] };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onCreate);
  }
}
