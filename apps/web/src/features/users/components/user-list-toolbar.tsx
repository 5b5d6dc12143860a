import { roleLabel, STAFF_ROLES, type StaffRole } from '@trowel/shared/auth/roles.ts';
import { Search } from 'lucide-react';
import { useRef } from 'react';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { useFocusShortcut } from '../../../hooks/use-focus-shortcut.ts';

interface UserListToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  searchPlaceholder: string;
  /** Shown for staff only. */
  role?: StaffRole | '';
  onRoleChange?: (role: StaffRole | '') => void;
}

export function UserListToolbar({
  search,
  onSearchChange,
  searchPlaceholder,
  role,
  onRoleChange,
}: UserListToolbarProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  useFocusShortcut(searchRef);
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor="user-search" className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          ref={searchRef}
          id="user-search"
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={`${searchPlaceholder} (Ctrl+K)`}
          className="pl-9"
          autoComplete="off"
          aria-keyshortcuts="Control+K Meta+K"
        />
      </div>
      {onRoleChange ? (
        <div className="sm:w-64">
          <label htmlFor="user-role-filter" className="sr-only">
            Filter by role
          </label>
          <NativeSelect
            id="user-role-filter"
            value={role ?? ''}
            onChange={(event) => onRoleChange(event.target.value as StaffRole | '')}
          >
            <option value="">All roles</option>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}
