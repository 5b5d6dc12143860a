import { UserPlus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { UserCreator } from '../../../features/users/components/user-creator.tsx';
import { UserDirectory } from '../../../features/users/components/user-directory.tsx';
import { UserEditor } from '../../../features/users/components/user-editor.tsx';
import { USER_KIND_TEXT } from '../../../features/users/components/user-kind-text.ts';
import type { UserKind } from '../../../features/users/types.ts';
import { FormPage } from '../../layout/form-page.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /admin/staff and /admin/clients */
export function PeopleListRoute({ kind }: { kind: UserKind }) {
  const text = USER_KIND_TEXT[kind];
  useDocumentTitle(text.listTitle);
  return (
    <>
      <PageHeader
        title={text.listTitle}
        description={text.listDescription}
        actions={
          <Button asChild>
            <Link to={`${text.basePath}/new`}>
              <UserPlus aria-hidden="true" />
              {text.addLabel}
            </Link>
          </Button>
        }
      />
      <UserDirectory kind={kind} />
    </>
  );
}

/** /admin/staff/new and /admin/clients/new */
export function PeopleNewRoute({ kind }: { kind: UserKind }) {
  const text = USER_KIND_TEXT[kind];
  useDocumentTitle(text.newTitle);
  return (
    <FormPage title={text.newTitle} back={text.basePath} backLabel={`Back to ${text.listTitle}`}>
      <UserCreator kind={kind} />
    </FormPage>
  );
}

/** /admin/staff/edit/:userId and /admin/clients/edit/:userId */
export function PeopleEditRoute({ kind }: { kind: UserKind }) {
  const { userId = '' } = useParams();
  const text = USER_KIND_TEXT[kind];
  useDocumentTitle(text.editTitle);
  return (
    <FormPage title={text.editTitle} back={text.basePath} backLabel={`Back to ${text.listTitle}`}>
      <UserEditor key={userId} kind={kind} userId={userId} />
    </FormPage>
  );
}
