import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { usePeopleOptions } from '../api/get-people-options.ts';
import type { PersonOption } from '../components/team-member-picker.tsx';

const toOption = (user: UserDto): PersonOption => ({ id: user.id, name: user.name, role: user.role });

/** Staff and clients for the project form; a failed lookup is reported once and leaves its list empty. */
export function useProjectPeople() {
  const staff = usePeopleOptions('staff');
  const clients = usePeopleOptions('clients');
  const failed = staff.isError || clients.isError;
  useEffect(() => {
    if (failed) {
      toast.error('Error loading data', {
        description: 'Failed to load staff and client data. Please refresh the page.',
      });
    }
  }, [failed]);
  return {
    isPending: staff.isPending || clients.isPending,
    staff: (staff.data ?? []).map(toOption),
    clients: (clients.data ?? []).map(toOption),
  };
}
