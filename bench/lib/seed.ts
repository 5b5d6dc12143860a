import { randomBytes } from 'node:crypto';
import type { Db } from '@trowel/server/src/db/client.ts';
import { hashPassword } from '@trowel/server/src/lib/password.ts';
import { users } from '@trowel/server/src/db/schema.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { generatePeople } from './people.ts';

/** The hash of a password nobody knows, for seeded people who never sign in (hashing is slow: once a run). */
export const unknownPasswordHash = () => hashPassword(randomBytes(12).toString('base64url'));

export interface SeedReport {
  users: number;
  byRole: Partial<Record<Role, number>>;
  milliseconds: number;
}

/**
 * Inserts `count` users in one transaction, `batchSize` rows per statement, all with the same
 * password hash (hashing is deliberately slow); `roles` fixes the role of each (see generatePeople).
 */
export async function seedUsers(
  db: Db,
  count: number,
  passwordHash: string,
  options: { batchSize?: number; roles?: readonly Role[] } = {},
): Promise<SeedReport> {
  const { batchSize = 1000, roles } = options;
  const started = performance.now();
  const people = generatePeople(count, undefined, roles);
  await db.transaction(async (tx) => {
    for (let start = 0; start < people.length; start += batchSize) {
      const batch = people.slice(start, start + batchSize).map((person) => ({
        ...person,
        passwordHash,
        updatedAt: person.createdAt,
      }));
      await tx.insert(users).values(batch);
    }
  });
  const byRole: Partial<Record<Role, number>> = {};
  for (const person of people) byRole[person.role] = (byRole[person.role] ?? 0) + 1;
  return { users: people.length, byRole, milliseconds: performance.now() - started };
}
