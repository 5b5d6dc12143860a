import { countOf } from '@trowel/shared/format/plural.ts';
import { canManageUser } from '@trowel/shared/auth/policy.ts';
import type { StaffRole } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useUserList } from '../hooks/use-user-list.ts';
import type { UserKind } from '../types.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { UserCard } from './user-card.tsx';
import { UserListToolbar } from './user-list-toolbar.tsx';
import { USER_KIND_TEXT } from './user-kind-text.ts';

/** Searchable, filterable, paged cards of staff or clients, with edit and delete where allowed. */
export function UserDirectory({ kind }: { kind: UserKind }) {
  const actor = useCurrentUser();
  const text = USER_KIND_TEXT[kind];
  const { input: searchInput, setInput: setSearchInput, term: search } = useDebouncedSearch();
  const [role, setRole] = useState<StaffRole | ''>('');
  // A page number belongs to the filters it was chosen under; new filters start on page 1.
  const filterKey = `${search}\u0000${role}`;
  const [paging, setPaging] = useState<{ page: number; cursor?: string | undefined; filterKey: string }>({
    page: 1,
    filterKey,
  });
  const current = paging.filterKey === filterKey ? paging : { page: 1, cursor: undefined };
  const page = current.page;
  const [pendingDelete, setPendingDelete] = useState<UserDto | null>(null);

  const query = useUserList(kind, {
    page,
    search,
    role: kind === 'staff' ? role : '',
    cursor: current.cursor,
  });
  const users = query.data?.users ?? [];
  const pagination = query.data?.pagination;
  // The next page follows this one's cursor (read by key); any other page is asked for by number.
  const setPage = (next: number) => {
    const cursor = next === page + 1 ? (pagination?.nextCursor ?? undefined) : undefined;
    setPaging({ page: next, cursor, filterKey });
  };

  let body;
  if (query.isPending) {
    body = <LoadingState label={text.loading} />;
  } else if (query.isError) {
    body = <QueryErrorState title={text.loadListError} query={query} />;
  } else if (users.length === 0) {
    body = (
      <EmptyState
        title={text.emptyTitle}
        description={
          search || role ? 'Try a different search or filter.' : `No ${text.noun} have been added yet.`
        }
      />
    );
  } else {
    const first = pagination ? (pagination.currentPage - 1) * pagination.itemsPerPage + 1 : 1;
    const last = first + users.length - 1;
    const total = pagination?.totalItems ?? users.length;
    body = (
      <>
        <ul
          aria-label={text.listLabel}
          aria-busy={query.isPlaceholderData || undefined}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {users.map((user) => {
            const manageable = canManageUser(actor, user);
            return (
              <li key={user.id}>
                <UserCard
                  user={user}
                  basePath={text.basePath}
                  canEdit={manageable}
                  canDelete={manageable && user.id !== actor.id}
                  onDelete={setPendingDelete}
                />
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex flex-col items-center gap-3">
          <p className="text-sm text-slate-600">
            Showing {first}–{last} of {countOf(total, text.one, text.noun)}
            {pagination && !pagination.hasNext ? ' · End of list' : ''}
          </p>
          <Pager
            page={pagination?.currentPage ?? page}
            totalPages={pagination?.totalPages ?? 1}
            onPageChange={setPage}
            disabled={query.isPlaceholderData}
          />
        </div>
      </>
    );
  }

  return (
    <section aria-label={text.listTitle}>
      <UserListToolbar
        search={searchInput}
        onSearchChange={setSearchInput}
        searchPlaceholder={text.searchPlaceholder}
        role={role}
        onRoleChange={kind === 'staff' ? setRole : undefined}
      />
      <div aria-live="polite" className="sr-only">
        {query.isSuccess
          ? `${countOf(pagination?.totalItems ?? users.length, text.one, text.noun)} found`
          : ''}
      </div>
      {body}
      <DeleteUserDialog
        user={pendingDelete}
        onClose={() => setPendingDelete(null)}
        onDeleted={() => {
          if (users.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </section>
  );
}
