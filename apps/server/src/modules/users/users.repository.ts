import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { userListStatements } from './user-list.repository.ts';

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deactivatedAt'>;

/** The only place that touches the users table. Deactivated users are invisible to every read. */
export function usersRepository(db: Db) {
  const active = isNull(users.deactivatedAt);
  return {
    ...userListStatements(db),

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
