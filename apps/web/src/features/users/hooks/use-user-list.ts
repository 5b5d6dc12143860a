import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '@trowel/shared/auth/roles.ts';
import { clientsQueryOptions } from '../api/get-clients.ts';
import { staffQueryOptions } from '../api/get-staff.ts';
import type { UserKind } from '../types.ts';

export interface UserListFilters {
  page: number;
  search: string;
  role: StaffRole | '';
  /** Set when the page follows the one before it: the server reads it right after that page's last person. */
  cursor: string | undefined;
}

/** One page of staff or of clients; the role filter applies to staff only. */
export function useUserList(kind: UserKind, { page, search, role, cursor }: UserListFilters) {
  const staff = useQuery({
    ...staffQueryOptions({ page, search, role, cursor }),
    enabled: kind === 'staff',
  });
  const clients = useQuery({ ...clientsQueryOptions({ page, search, cursor }), enabled: kind === 'clients' });
  return kind === 'staff' ? staff : clients;
}
