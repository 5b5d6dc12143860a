import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useMyProfile } from '../../../features/vendor-portal/api/my-profile.ts';
import { VendorProfile } from '../../../features/vendor-portal/components/vendor-profile.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** /vendor/profile: the vendor's own record. */
export function VendorProfileRoute() {
  useDocumentTitle('Vendor Profile');
  const profile = useMyProfile();
  let body;
  if (profile.isPending) body = <LoadingState label="Loading profile..." />;
  else if (profile.isError) {
    body =
      isApiError(profile.error) && profile.error.status === 404 ? (
        <EmptyState title={VENDOR_MESSAGES.profileNotFound} />
      ) : (
        <ErrorState
          title={VENDOR_MESSAGES.profileLoadFailed}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      );
  } else body = <VendorProfile vendor={profile.data} />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Vendor Profile"
        description="Your company’s details as the procurement team sees them."
      />
      {body}
    </div>
  );
}
