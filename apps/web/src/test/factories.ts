import type { Role } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';

let sequence = 0;

export function buildUser(overrides: Partial<UserDto> = {}): UserDto {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    name: `Person ${sequence}`,
    email: `person${sequence}@trowel.test`,
    phone: '',
    role: 'team_member' satisfies Role,
    location: '',
    company: 'Trowel Construction Ltd',
    bio: '',
    avatar: null,
    createdAt: '2025-01-15T09:30:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  };
}
