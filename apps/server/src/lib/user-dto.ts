import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import type { UserRow } from '../db/schema/people.ts';

/** A person as every answer carries them: never a password hash or a deactivation mark. */
export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    location: row.location,
    company: row.company,
    bio: row.bio,
    avatar: row.avatar,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
