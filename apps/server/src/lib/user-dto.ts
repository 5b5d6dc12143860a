import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import type { UserRow } from '../db/schema/people.ts';

/** The columns a person's answer is made of (lists read these alone). */
export type UserDtoRow = Omit<UserRow, 'passwordHash' | 'deactivatedAt'>;

/** A person as every answer carries them: never a password hash or a deactivation mark. */
export function toUserDto(row: UserDtoRow): UserDto {
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
