import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export interface UserListFilter {
  roles: readonly Role[];
  search?: string | undefined;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deactivatedAt'>;

function listWhere(filter: UserListFilter) {
  const conditions: SQL[] = [isNull(users.deactivatedAt), inArray(users.role, [...filter.roles])];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  return and(...conditions);
}

/** The only place that touches the users table. Deactivated users are invisible to every read. */
export function usersRepository(db: Db) {
  const active = isNull(users.deactivatedAt);
  // The admin lists' most common call, prepared once: a page of one set of roles, by name.
  const pageByRoles = db
    .select()
    .from(users)
    .where(and(active, sql`${users.role} = any(${sql.placeholder('roles')}::text[])`))
    .orderBy(asc(users.name), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('users_page_by_roles');
  return {
    async listPage(filter: UserListFilter & { page: number; limit: number }) {
      if (!filter.search) {
        return pageByRoles.execute({
          roles: `{${filter.roles.join(',')}}`,
          limit: filter.limit,
          offset: (filter.page - 1) * filter.limit,
        });
      }
      return db
        .select()
        .from(users)
        .where(listWhere(filter))
        .orderBy(asc(users.name), asc(users.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
    },

    async count(filter: UserListFilter) {
      const [row] = await db.select({ total: count() }).from(users).where(listWhere(filter));
      return Number(row?.total ?? 0);
    },

    async findById(id: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), active))
        .limit(1);
      return row ?? null;
    },

    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, active))
        .limit(1);
      return row ?? null;
    },

    async insert(values: NewUser) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<NewUser>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(users.id, id), active))
        .returning();
      return row ?? null;
    },

    async hardDelete(id: string) {
      await db.delete(users).where(eq(users.id, id));
    },

    async deactivate(id: string) {
      await db
        .update(users)
        .set({ deactivatedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async countActive() {
      const [row] = await db.select({ total: count() }).from(users).where(active);
      return Number(row?.total ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
