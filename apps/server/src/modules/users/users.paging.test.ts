import { randomUUID } from 'node:crypto';
import { and, asc, ilike, inArray, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { users } from '../../db/schema.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import { DIRECTORY_STEP } from './user-list.repository.ts';

interface ListAnswer {
  users: Array<{ id: string; name: string; role: Role }>;
  pagination: {
    currentPage: number;
    totalPages: number;
    totalItems: number;
    itemsPerPage: number;
    hasNext: boolean;
    nextCursor: string | null;
  };
}

let server: TestServer;
let admin: TestUser;
const TAG = `pg${randomUUID().slice(0, 6)}`;
// Few names for many people, so that most pages hold ties broken by id.
const NAMES = ['Ada Obi', 'ada obi', 'Bola Eze', 'Chidi Musa', 'Zainab Bello'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.user('admin');
  const roles: Role[] = ['architect', 'team_member', 'client', 'project_manager', 'vendor'];
  // 330 people: more than three directory steps of the whole list, of the staff and of the architects.
  const rows = Array.from({ length: 330 }, (_, i) => ({
    name: `${NAMES[i % NAMES.length]}${i % 3 === 0 ? ` ${TAG}` : ''}`,
    email: `person-${i}-${randomUUID().slice(0, 6)}@trowel.test`,
    role: i < 120 ? 'architect' : roles[i % roles.length]!,
    passwordHash: 'unused',
  }));
  await server.ctx.db.insert(users).values(rows);
  await server.ctx.invalidate({ kind: 'users-list' });
});
afterAll(() => server.stop());

async function list(url: string): Promise<ListAnswer> {
  const response = await server.app.inject({ method: 'GET', url, headers: admin.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
}

/** The people a list holds, in its order, read straight from the table. */
async function expected(roles: readonly Role[], search?: string) {
  const pattern = `%${search}%`;
  const rows = await server.ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        isNull(users.deactivatedAt),
        inArray(users.role, [...roles]),
        search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => row.id);
}

/** Every numbered page of a list, one request each, and the page after the last. */
async function byNumber(path: string, limit: number) {
  const first = await list(`${path}${path.includes('?') ? '&' : '?'}page=1&limit=${limit}`);
  const pages = [first];
  for (let page = 2; page <= first.pagination.totalPages + 1; page++) {
    pages.push(await list(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`));
  }
  return pages;
}

/** A list walked from page 1 by following each page's cursor. */
async function byCursor(path: string, limit: number) {
  const join = path.includes('?') ? '&' : '?';
  const pages = [await list(`${path}${join}limit=${limit}`)];
  for (let cursor = pages[0]!.pagination.nextCursor; cursor; cursor = pages.at(-1)!.pagination.nextCursor) {
    const page = pages.length + 1;
    pages.push(await list(`${path}${join}page=${page}&limit=${limit}&cursor=${cursor}`));
  }
  return pages;
}

const ids = (pages: ListAnswer[]) => pages.flatMap((page) => page.users.map((user) => user.id));

describe('people lists read by key', () => {
  it('numbered pages at every depth hold the list in order, name then id, with the right totals', async () => {
    const order = await expected(STAFF_ROLES);
    expect(order.length).toBeGreaterThan(2 * DIRECTORY_STEP);
    const pages = await byNumber('/api/users/staff', 7);
    expect(ids(pages)).toEqual(order);
    const last = pages.at(-2)!;
    expect(last.pagination).toMatchObject({
      currentPage: Math.ceil(order.length / 7),
      totalPages: Math.ceil(order.length / 7),
      totalItems: order.length,
      itemsPerPage: 7,
      hasNext: false,
      nextCursor: null,
    });
    expect(last.users).toHaveLength(order.length % 7 || 7);
    // The page after the last is empty and says so.
    expect(pages.at(-1)!.users).toEqual([]);
    expect(pages.at(-1)!.pagination).toMatchObject({
      hasNext: false,
      nextCursor: null,
      totalItems: order.length,
    });
    for (const page of pages.slice(0, -2)) expect(page.pagination.hasNext).toBe(true);
  });

  it('breaks ties of the same name by id, on pages and across page boundaries', async () => {
    const pages = await byNumber('/api/users?search=Bola%20Eze', 4);
    const people = pages.flatMap((page) => page.users);
    expect(people.length).toBeGreaterThan(20);
    const plain = people.filter((person) => person.name === 'Bola Eze').map((person) => person.id);
    expect(plain).toEqual([...plain].sort());
    expect(people.map((person) => person.id)).toEqual(
      await expected([...STAFF_ROLES, 'client', 'vendor'], 'Bola Eze'),
    );
  });

  it('following nextCursor walks the same list as the numbered pages, to a last page without one', async () => {
    for (const [path, limit] of [
      ['/api/users', 10],
      ['/api/users/staff?role=architect', 9],
      ['/api/users/clients', 6],
    ] as const) {
      const walked = await byCursor(path, limit);
      const numbered = await byNumber(path, limit);
      expect(ids(walked)).toEqual(ids(numbered));
      expect(walked.at(-1)!.pagination).toMatchObject({ hasNext: false, nextCursor: null });
      expect(walked.map((page) => page.pagination.currentPage)).toEqual(walked.map((_, i) => i + 1));
      for (const page of walked.slice(0, -1)) expect(page.users).toHaveLength(limit);
    }
  });

  it('pages a role filter and a search at depth, each in its own order and total', async () => {
    const architects = await byNumber('/api/users/staff?role=architect', 11);
    expect(ids(architects)).toEqual(await expected(['architect']));
    expect(architects.flatMap((page) => page.users).every((user) => user.role === 'architect')).toBe(true);

    const found = await byNumber(`/api/users?search=${TAG.toUpperCase()}`, 8);
    const order = await expected([...STAFF_ROLES, 'client', 'vendor'], TAG);
    expect(order.length).toBeGreaterThan(DIRECTORY_STEP);
    expect(ids(found)).toEqual(order);
    expect(found[0]!.pagination.totalItems).toBe(order.length);

    const clients = await byCursor(`/api/users/clients?search=${TAG}`, 5);
    expect(ids(clients)).toEqual(await expected(['client'], TAG));
  });

  it('a deep page follows a new person, a rename that moves someone, a role change and a removal', async () => {
    const deep = `/api/users/staff?page=25&limit=10`;
    const check = async () => {
      const order = await expected(STAFF_ROLES);
      const answer = await list(deep);
      expect(answer.users.map((user) => user.id)).toEqual(order.slice(240, 250));
      expect(answer.pagination.totalItems).toBe(order.length);
    };
    await check();
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.auth,
      payload: {
        name: 'Aaron Aalto',
        email: `aaron-${TAG}@trowel.test`,
        password: 'site-pass-1',
        role: 'team_member',
      },
    });
    expect(created.statusCode).toBe(201);
    await check();
    const last = (await expected(STAFF_ROLES)).at(-1)!;
    const renamed = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${last}`,
      headers: admin.auth,
      payload: { name: 'Aabel Aarons' },
    });
    expect(renamed.statusCode).toBe(200);
    await check();
    const id = created.json<{ user: { id: string } }>().user.id;
    const changes = [
      { method: 'PUT', url: `/api/users/${id}`, payload: { role: 'architect' } },
      { method: 'DELETE', url: `/api/users/${last}` },
    ] as const;
    for (const change of changes) {
      const answer = await server.app.inject({ ...change, headers: admin.auth });
      expect(answer.statusCode).toBe(200);
      await check();
    }
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['nonsense', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(801)]) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/users/staff?cursor=${cursor}`,
        headers: admin.auth,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json<{ error: string }>().error).toContain('cursor is not valid');
    }
  });
});
