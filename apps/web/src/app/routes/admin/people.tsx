import { ArrowLeft, UserPlus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { UserCreator } from '../../../features/users/components/user-creator.tsx';
import { UserDirectory } from '../../../features/users/components/user-directory.tsx';
import { UserEditor } from '../../../features/users/components/user-editor.tsx';
import { USER_KIND_TEXT } from '../../../features/users/components/user-kind-text.ts';
import type { UserKind } from '../../../features/users/types.ts';

/** /admin/staff and /admin/clients */
export function PeopleListRoute({ kind }: { kind: UserKind }) {
  const text = USER_KIND_TEXT[kind];
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

function BackToList({ kind }: { kind: UserKind }) {
  const text = USER_KIND_TEXT[kind];
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={text.basePath}>
        <ArrowLeft aria-hidden="true" />
        Back to {text.listTitle}
      </Link>
    </Button>
  );
}

/** /admin/staff/new and /admin/clients/new */
export function PeopleNewRoute({ kind }: { kind: UserKind }) {
  return (
    <div className="mx-auto max-w-3xl">
      <BackToList kind={kind} />
      <div className="mt-2">
        <PageHeader title={USER_KIND_TEXT[kind].newTitle} />
      </div>
      <Card>
        <CardContent className="pt-4 sm:pt-6">
          <UserCreator kind={kind} />
        </CardContent>
      </Card>
    </div>
  );
}

/** /admin/staff/edit/:userId and /admin/clients/edit/:userId */
export function PeopleEditRoute({ kind }: { kind: UserKind }) {
  const { userId = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl">
      <BackToList kind={kind} />
      <div className="mt-2">
        <PageHeader title={USER_KIND_TEXT[kind].editTitle} />
      </div>
      <Card>
        <CardContent className="pt-4 sm:pt-6">
          <UserEditor key={userId} kind={kind} userId={userId} />
        </CardContent>
      </Card>
    </div>
  );
}
