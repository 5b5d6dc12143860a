import type { Logger } from '../../lib/logger.ts';
import { can, canManageUser, seesVendorAccounts } from '@trowel/shared/auth/policy.ts';
import { STAFF_ROLES, isStaffRole, type Role } from '@trowel/shared/auth/roles.ts';
import { paginateByKey } from '@trowel/shared/http/pagination.ts';
import type { ListUsersQuery, createUserInput, updateUserInput } from '@trowel/shared/users/user.schemas.ts';
import type { z } from 'zod';
import type { ModuleContext } from '../../platform.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { seek } from '../../db/key-directory.ts';
import { decodeNameKey, encodeNameKey, type NamePosition } from '../../db/name-key.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { logSecurityEvent } from '../../http/security-log.ts';
import { hashPassword } from '../../lib/password.ts';
import { toUserDto, type UserDtoRow } from '../../lib/user-dto.ts';

export type UserListKind = 'all' | 'staff' | 'clients';

const LIST_ROLES: Record<UserListKind, readonly Role[]> = {
  all: [...STAFF_ROLES, 'client', 'vendor'],
  staff: STAFF_ROLES,
  clients: ['client'],
};

const EMAIL_TAKEN = 'A user with this email already exists';
export const VENDOR_ACCOUNTS_ELSEWHERE = 'Vendor accounts are managed under Vendors, with their company';

/** The roles of a people list the actor may read: vendors only for those who may see vendors. */
function listRoles(actor: AuthUser, kind: UserListKind): readonly Role[] {
  const roles = LIST_ROLES[kind];
  return seesVendorAccounts(actor) ? roles : roles.filter((role) => role !== 'vendor');
}

/** Someone else's vendor account, to an actor who may not see vendors, is not there. */
export function assertPersonVisible(actor: AuthUser, target: { id: string; role: string }) {
  if (target.role === 'vendor' && actor.id !== target.id && !seesVendorAccounts(actor))
    throw notFound('User');
}

function emailConflict(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
  throw error;
}

/**
 * Whole answers of the people lists are kept per list and query until any person changes (on every
 * process). Who may list people is the route's access ability, so a page is the same for every reader.
 */
export const userListKey = (actor: AuthUser, kind: UserListKind, query: ListUsersQuery) =>
  JSON.stringify([
    'users',
    kind,
    listRoles(actor, kind),
    query.page,
    query.limit,
    query.role ?? null,
    query.search || null,
    query.cursor ?? null,
  ]);

/**
 * GET /users, /users/staff, /users/clients: paginated, searchable by name and email, read by key in
 * (name, id) order. The page after a cursor starts right after its key; a numbered page starts at the
 * nearest key of the list's directory (kept until any person changes), skipping fewer than
 * DIRECTORY_STEP rows from there.
 */
export async function listUsers(
  ctx: ModuleContext<'userListDirectories'>,
  actor: AuthUser,
  kind: UserListKind,
  query: ListUsersQuery,
) {
  let roles = listRoles(actor, kind);
  if (query.role) {
    if (!roles.includes(query.role)) {
      throw new AppError('VALIDATION_ERROR', `role must be one of: ${roles.join(', ')}`);
    }
    roles = [query.role];
  }
  const cursor = query.cursor ? decodeNameKey(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('cursor is not valid');
  const filter = { roles, search: query.search || undefined };
  const directory = () =>
    ctx.userListDirectories.get(JSON.stringify([roles, filter.search ?? null]), () =>
      ctx.users.directory(filter),
    );

  let position: NamePosition | null = cursor ? { key: cursor, inclusive: false } : null;
  let skip = 0;
  if (!cursor && query.page > 1) {
    const list = await directory();
    const place = seek(list, (query.page - 1) * query.limit);
    if (!place) return listAnswer(query, [], list.total);
    position = { key: place.key, inclusive: true };
    skip = place.skip;
  }
  const [rows, { total }] = await Promise.all([
    ctx.users.listPage(filter, { position, skip, limit: query.limit }),
    directory(),
  ]);
  return listAnswer(query, rows, total);
}

/** The answer of a page read with one row more than asked: that row tells that a next page follows. */
function listAnswer(query: ListUsersQuery, rows: UserDtoRow[], total: number) {
  const users = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? users.at(-1) : undefined;
  return {
    users: users.map(toUserDto),
    pagination: paginateByKey(query.page, query.limit, total, last ? encodeNameKey(last) : null),
  };
}

/** Staff may read anyone; clients and vendors only themselves. */
function assertMayRead(actor: AuthUser, id: string) {
  if (actor.id !== id && !can(actor, 'users:read'))
    throw forbidden("You don't have permission to view this user");
}

/** The person, if the actor may see them at all (404 otherwise). */
async function loadUser(ctx: ModuleContext<'userListDirectories'>, actor: AuthUser, id: string) {
  const user = await ctx.users.findById(id);
  if (!user) throw notFound('User');
  assertPersonVisible(actor, user);
  return user;
}

/** A vendor's account, to those who may see it, is managed elsewhere: 403 naming where. */
function assertNotVendorAccount(actor: AuthUser, target: { id: string; role: string }) {
  if (target.role === 'vendor' && actor.id !== target.id) throw forbidden(VENDOR_ACCOUNTS_ELSEWHERE);
}

export async function getUser(ctx: ModuleContext<'userListDirectories'>, actor: AuthUser, id: string) {
  assertMayRead(actor, id);
  return toUserDto(await loadUser(ctx, actor, id));
}

export async function createUser(
  ctx: ModuleContext<'userListDirectories'>,
  actor: AuthUser,
  input: z.output<typeof createUserInput>,
  log: Logger,
) {
  if (!canManageUser(actor, { role: input.role })) {
    throw forbidden('Only an administrator can create an administrator account');
  }
  if (await ctx.users.findByEmail(input.email)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const { password: _password, ...fields } = input;
  const user = await ctx.db
    .transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const created = await scoped.users.insert({ ...fields, passwordHash });
      await scoped.activity.record(created.id, 'account', `Account created by ${actor.name}`);
      return created;
    })
    .catch(emailConflict);
  await ctx.invalidate({ kind: 'users-list' });
  logSecurityEvent(log, 'user.created', { actorId: actor.id, targetId: user.id, detail: user.role });
  return toUserDto(user);
}

/** Whose account the actor may edit: their own, or, for people administrators, others' (admins' by admins). */
export async function assertMayEditUser(
  ctx: ModuleContext<'userListDirectories'>,
  actor: AuthUser,
  id: string,
) {
  const self = actor.id === id;
  if (!self && !can(actor, 'users:manage')) throw forbidden("You don't have permission to edit this user");
  const target = await loadUser(ctx, actor, id);
  assertNotVendorAccount(actor, target);
  if (!self && !canManageUser(actor, target)) {
    throw forbidden('Only an administrator can manage administrator accounts');
  }
  return target;
}

export async function updateUser(
  ctx: ModuleContext<'userListDirectories'>,
  actor: AuthUser,
  id: string,
  input: z.output<typeof updateUserInput>,
  log: Logger,
) {
  const target = await assertMayEditUser(ctx, actor, id);
  const self = actor.id === id;
  const roleChange = input.role !== undefined && input.role !== target.role ? input.role : undefined;
  if (self) {
    if (roleChange) throw new AppError('VALIDATION_ERROR', 'You cannot change your own role');
    if (input.password) {
      throw new AppError('VALIDATION_ERROR', 'Use change password to change your own password');
    }
  } else if (!canManageUser(actor, target, roleChange)) {
    throw forbidden('Only an administrator can manage administrator accounts');
  }
  if (roleChange && !(isStaffRole(target.role) && isStaffRole(roleChange))) {
    throw new AppError('VALIDATION_ERROR', 'A role can only be changed from one staff role to another');
  }
  if (input.email && input.email !== target.email.toLowerCase()) {
    const other = await ctx.users.findByEmail(input.email);
    if (other && other.id !== id) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
  }
  const { password, role: _role, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const updated = await ctx.db
    .transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const row = await scoped.users.update(id, {
        ...fields,
        ...(roleChange ? { role: roleChange } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!row) throw notFound('User');
      if (passwordHash) await scoped.sessions.deleteAllOfUser(id);
      await scoped.activity.record(
        id,
        'profile',
        self ? 'Updated profile' : `Profile updated by ${actor.name}`,
      );
      return row;
    })
    .catch(emailConflict);
  await ctx.invalidate({ kind: 'user', id });
  if (roleChange) await ctx.invalidate({ kind: 'users-list' });
  if (roleChange) {
    logSecurityEvent(log, 'user.role_changed', {
      actorId: actor.id,
      targetId: id,
      detail: `${target.role} -> ${roleChange}`,
    });
  }
  if (passwordHash) logSecurityEvent(log, 'password.reset_by_admin', { actorId: actor.id, targetId: id });
  return toUserDto(updated);
}

/**
 * Removes a user. One who is referenced by other records (projects, logs, budgets...) is deactivated
 * instead: sign-in refused, hidden from lists and pickers, their history kept.
 */
export async function deleteUser(
  ctx: ModuleContext<'userListDirectories'>,
  actor: AuthUser,
  id: string,
  log: Logger,
) {
  if (actor.id === id) throw new AppError('INVALID_STATE', 'You cannot delete your own account');
  const target = await loadUser(ctx, actor, id);
  assertNotVendorAccount(actor, target);
  if (!canManageUser(actor, target)) {
    throw forbidden('Only an administrator can delete an administrator account');
  }
  try {
    await ctx.users.hardDelete(id);
    await ctx.invalidate({ kind: 'user', id });
    await ctx.invalidate({ kind: 'users-list' });
    logSecurityEvent(log, 'user.deleted', { actorId: actor.id, targetId: id });
    return { deactivated: false, message: 'User deleted successfully' };
  } catch (error) {
    if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
  }
  await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    await scoped.users.deactivate(id);
    await scoped.sessions.deleteAllOfUser(id);
  });
  await ctx.invalidate({ kind: 'user', id });
  await ctx.invalidate({ kind: 'users-list' });
  logSecurityEvent(log, 'user.deactivated', { actorId: actor.id, targetId: id });
  return {
    deactivated: true,
    message: 'User deactivated: they can no longer sign in, and their records are kept',
  };
}
