import { useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { PersonProjects } from '../../../features/projects/components/person-projects.tsx';
import { useUserByName } from '../../../features/users/api/find-user-by-name.ts';
import { USER_KIND_TEXT } from '../../../features/users/components/user-kind-text.ts';
import type { UserKind } from '../../../features/users/types.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /admin/staff/:staffName/projects and /admin/clients/:clientName/projects */
export function PersonProjectsRoute({ kind }: { kind: UserKind }) {
  const params = useParams();
  const name = (kind === 'staff' ? params.staffName : params.clientName) ?? '';
  const text = USER_KIND_TEXT[kind];
  useDocumentTitle(`Projects of ${name}`);
  const person = useUserByName(kind, name);

  let body;
  if (person.isPending) {
    body = <LoadingState label={text.loadingOne} />;
  } else if (person.isError) {
    body = <QueryErrorState title={text.loadOneError} query={person} />;
  } else if (!person.data) {
    body = <ErrorState title={text.notFound} message={`No one named "${name}" was found.`} />;
  } else {
    const filter = kind === 'staff' ? { memberId: person.data.id } : { clientId: person.data.id };
    body = <PersonProjects key={person.data.id} filter={filter} name={person.data.name} />;
  }

  return (
    <>
      <BackLink to={text.basePath}>Back to {text.listTitle}</BackLink>
      <div className="mt-2">
        <PageHeader title={`Projects of ${name}`} />
      </div>
      {body}
    </>
  );
}
