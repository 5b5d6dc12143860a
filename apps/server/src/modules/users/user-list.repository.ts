import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { Db } from '../../db/client.ts';
import type { KeyDirectory } from '../../db/key-directory.ts';
import { fromNameKey, type NameKey, type NamePosition } from '../../db/name-key.ts';
import { preparedStatements, type Bind, type Preparable } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';

export interface UserListFilter {
  roles: readonly Role[];
  search?: string | undefined;
}

/** A page of a people list: where it starts, how many rows to skip from there, how many to read. */
export interface UserPageRequest {
  position: NamePosition | null;
  skip: number;
  limit: number;
}

/** Places between two keys of a list's directory: a numbered page skips fewer rows than this. */
export const DIRECTORY_STEP = 100;

/** What a page reads of each person: the answer's columns, not the password hash. */
const pageColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  location: users.location,
  company: users.company,
  bio: users.bio,
  avatar: users.avatar,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** The roles as one PostgreSQL array value. */
const roleArray = (filter: UserListFilter) => `{${filter.roles.join(',')}}`;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The people lists' statements, in the lists' order (name, then id) over active people. A page reads
 * the partial index on (name, id, role) from a key onwards, or (role, name, id) for one role, so
 * its cost does not grow with its depth. Statements without a search are prepared once per shape.
 */
export function userListStatements(db: Db) {
  const prepared = preparedStatements('users');

  function conditions(filter: UserListFilter, bind: Bind): SQL | undefined {
    const parts: Array<SQL | undefined> = [isNull(users.deactivatedAt)];
    if (filter.roles.length === 1) parts.push(eq(users.role, bind('role', filter.roles[0]) as Role));
    else parts.push(sql`${users.role} = any(${bind('roles', roleArray(filter))}::text[])`);
    if (filter.search) {
      const pattern = bind('pattern', `%${escapeLike(filter.search)}%`) as string;
      parts.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
    }
    return and(...parts);
  }

  /** Runs the query prepared under a name for its shape, or inline when the request searches. */
  function run<T>(
    name: string,
    filter: UserListFilter,
    values: Record<string, unknown>,
    query: (bind: Bind) => Preparable<T>,
  ): Promise<T> {
    const shape = filter.search ? null : `${name}_${filter.roles.length === 1 ? 'one' : 'any'}`;
    return prepared(shape, { role: filter.roles[0], roles: roleArray(filter), ...values }, query);
  }

  /**
   * Where the page starts: right after a cursor's key, or for a numbered page `skip` rows past a key of
   * the directory, that row found on the index alone (an InitPlan) so only the page's own rows are read.
   */
  function start(filter: UserListFilter, position: NamePosition | null, skip: number, bind: Bind) {
    if (!position) return undefined;
    if (!position.inclusive) return fromNameKey(users, position, bind);
    const first = db
      .select({ name: users.name, id: users.id })
      .from(users)
      .where(and(conditions(filter, bind), fromNameKey(users, position, bind)))
      .orderBy(asc(users.name), asc(users.id))
      .limit(1)
      .offset(bind('skip', skip) as number);
    return sql`(${users.name}, ${users.id}) >= (${first})`;
  }

  return {
    /** One page of people, one row more than asked to tell whether another follows. */
    listPage(filter: UserListFilter, page: UserPageRequest) {
      const { position, skip, limit } = page;
      const at = position ? (position.inclusive ? 'from' : 'after') : 'start';
      const values = { keyName: position?.key.name, keyId: position?.key.id, limit: limit + 1, skip };
      return run(`page_${at}`, filter, values, (bind) =>
        db
          .select(pageColumns)
          .from(users)
          .where(and(conditions(filter, bind), start(filter, position, skip, bind)))
          .orderBy(asc(users.name), asc(users.id))
          .limit(bind('limit', limit + 1) as number),
      );
    },

    /** How many people the list has, and the key at every DIRECTORY_STEP-th place: one pass over the index. */
    async directory(filter: UserListFilter): Promise<KeyDirectory<NameKey>> {
      const rows = await run('directory', filter, { step: DIRECTORY_STEP }, (bind) => {
        const numbered = db
          .select({
            name: users.name,
            id: users.id,
            place: sql<number>`row_number() over (order by ${users.name}, ${users.id})`.as('place'),
            total: sql<number>`count(*) over ()`.as('total'),
          })
          .from(users)
          .where(conditions(filter, bind))
          .as('numbered');
        return db
          .select({ name: numbered.name, id: numbered.id, total: numbered.total })
          .from(numbered)
          .where(sql`(${numbered.place} - 1) % ${bind('step', DIRECTORY_STEP)} = 0`)
          .orderBy(numbered.place);
      });
      return {
        total: Number(rows[0]?.total ?? 0),
        step: DIRECTORY_STEP,
        keys: rows.map((row) => ({ name: row.name, id: row.id })),
      };
    },
  };
}
