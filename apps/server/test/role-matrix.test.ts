import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { EXPECTED_ACCESS, type ExpectedAccess } from './expected-access.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { inBatches } from './in-batches.ts';
import { withRouteList, type ApiRoute } from './route-list.ts';

/**
 * The role matrix: every API route the app registers (listed from the running app, not from a file
 * that could fall behind) asked by someone without a session and by a person of each of the ten
 * roles, against the table written out by hand in expected-access.ts. Each cell is asked with ids that
 * match nothing and an empty JSON body, so a role that may call the route gets a harmless 404 or 400.
 */

type Who = 'anonymous' | Role;
type Outcome = 'allowed' | 'unauthenticated' | 'forbidden';

const WHO: readonly Who[] = ['anonymous', ...ROLES];
/** Routes whose call ends the session it is made with: those cells get a session of their own. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

let server: TestServer;
let routes: ApiRoute[];
const people = {} as Record<Role, TestUser>;

beforeAll(async () => {
  const listed = await withRouteList(() => startTestServer());
  server = listed.started;
  routes = listed.routes;
  const users = await Promise.all(ROLES.map((role) => server.user(role)));
  users.forEach((user) => (people[user.role] = user));
});
afterAll(() => server.stop());

function expectedOutcome(access: ExpectedAccess, who: Who): Outcome {
  if (access === 'public') return 'allowed';
  if (access === 'signed-webhook') return 'forbidden';
  if (who === 'anonymous') return 'unauthenticated';
  if (access === 'signed-in') return 'allowed';
  return access.includes(who) ? 'allowed' : 'forbidden';
}

function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return 'allowed';
}

/** The route's path with every parameter naming nothing that exists. */
function harmlessUrl(route: ApiRoute): string {
  return route.path
    .replace('{file}', `${randomUUID()}.webp`)
    .replace(/\{[A-Za-z]+\}/g, () => randomUUID())
    .replace('*', 'nothing-here');
}

async function ask(route: ApiRoute, who: Who) {
  let authorization: string | undefined;
  if (who !== 'anonymous') {
    const person = people[who];
    authorization = ENDS_SESSION.has(route.key)
      ? `Bearer ${await server.login(person.email)}`
      : person.auth.authorization;
  }
  const writes = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const answer = await server.app.inject({
    method: route.method as 'GET',
    url: harmlessUrl(route),
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(writes ? { 'content-type': 'application/json' } : {}),
    },
    ...(writes ? { payload: '{}' } : {}),
  });
  return { status: answer.statusCode, body: answer.body.slice(0, 200) };
}

describe('role matrix', () => {
  it('has a row for every API route, and none for a route that is gone', () => {
    const keys = new Set(routes.map((route) => route.key));
    const withoutRow = [...keys].filter((key) => !(key in EXPECTED_ACCESS)).sort();
    const gone = Object.keys(EXPECTED_ACCESS)
      .filter((key) => !keys.has(key))
      .sort();
    expect(withoutRow, 'routes without a row in test/expected-access.ts').toEqual([]);
    expect(gone, 'rows of test/expected-access.ts for routes that are gone').toEqual([]);
  });

  it('answers every route, for anonymous and each role, as the table says, and never 5xx', async () => {
    const cells = routes
      .filter((route) => route.key in EXPECTED_ACCESS)
      .flatMap((route) => WHO.map((who) => ({ route, who })));
    expect(cells.length).toBeGreaterThan(100 * WHO.length);
    const answers = await inBatches(cells, 16, ({ route, who }) => ask(route, who));
    const wrong = cells.flatMap(({ route, who }, index) => {
      const { status, body } = answers[index]!;
      const expected = expectedOutcome(EXPECTED_ACCESS[route.key]!, who);
      if (status >= 500) return [`${route.key} as ${who}: ${status} ${body}`];
      const got = outcomeOf(status);
      if (EXPECTED_ACCESS[route.key] === 'signed-webhook')
        return got === 'allowed' ? [`${route.key} as ${who}: expected refused, got ${status} ${body}`] : [];
      return got === expected ? [] : [`${route.key} as ${who}: expected ${expected}, got ${status} ${body}`];
    });
    expect(wrong).toEqual([]);
  });
});
