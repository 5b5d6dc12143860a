import { roleLabel, STAFF_ROLES, type StaffRole } from '@trowel/shared/auth/roles.ts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';

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
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <SearchInput
        id="user-search"
        value={search}
        onChange={onSearchChange}
        placeholder={searchPlaceholder}
        focusShortcut
      />
      {onRoleChange ? (
        <SelectField
          id="user-role-filter"
          label="Filter by role"
          hideLabel
          className="sm:w-64"
          value={role ?? ''}
          onChange={onRoleChange}
        >
          <option value="">All roles</option>
          <SelectOptions values={STAFF_ROLES} label={roleLabel} />
        </SelectField>
      ) : null}
    </div>
  );
}
