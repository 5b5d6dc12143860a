import type { Pagination } from '@trowel/shared/http/pagination.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';

export interface UserListResponse {
  success: true;
  users: UserDto[];
  pagination: Pagination;
}

/** The two people screens: the company's staff and its clients. */
export type UserKind = 'staff' | 'clients';
