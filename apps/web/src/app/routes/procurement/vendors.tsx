import type { VendorDto } from '@trowel/shared/procurement/vendor.schemas.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { VendorForm } from '../../../features/procurement/components/vendor-form.tsx';
import { VendorList } from '../../../features/procurement/components/vendor-list.tsx';
import { VendorPasswordLink } from '../../../features/procurement/components/vendor-password-link.tsx';
import {
  VendorPasswordLinkButton,
  type HandedPasswordLink,
} from '../../../features/procurement/components/vendor-password-link-button.tsx';
import { VendorWhatsAppLink } from '../../../features/auto-login/components/vendor-whatsapp-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/** /procurement/vendors: the company's vendors (admin and QS). */
export function VendorsRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Vendor Management');
  const [editing, setEditing] = useState<VendorDto | 'new' | null>(null);
  const [notEmailed, setNotEmailed] = useState<HandedPasswordLink | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Vendor Management"
        description="The company’s suppliers and their sign-in accounts."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/procurement/rfqs">View RFQs</Link>
            </Button>
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add Vendor
            </Button>
          </>
        }
      />
      {notEmailed ? (
        <VendorPasswordLink
          vendorName={notEmailed.vendorName}
          message={notEmailed.message}
          passwordLink={notEmailed.passwordLink}
          onDone={() => setNotEmailed(null)}
        />
      ) : null}
      {editing ? (
        <VendorForm
          key={editing === 'new' ? 'new' : editing.id}
          vendor={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
          onLinkNotEmailed={(answer) =>
            answer.passwordLink &&
            setNotEmailed({
              vendorName: answer.vendor.name,
              message: answer.message,
              passwordLink: answer.passwordLink,
            })
          }
        />
      ) : null}
      <VendorList
        user={user}
        onEdit={(vendor) => setEditing(vendor)}
        extraActions={(vendor) =>
          vendor.status === 'active' ? (
            <>
              <VendorWhatsAppLink vendor={vendor} />
              <VendorPasswordLinkButton vendor={vendor} onNotEmailed={setNotEmailed} />
            </>
          ) : null
        }
      />
    </div>
  );
}
