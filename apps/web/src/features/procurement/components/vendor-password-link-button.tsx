import type { PasswordLink, VendorListItem } from '@trowel/shared/procurement/vendor.schemas.ts';
import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendPasswordLink } from '../api/send-password-link.ts';

/** A link handed to staff to pass on, with whom it is for. */
export interface HandedPasswordLink {
  vendorName: string;
  message: string;
  passwordLink: PasswordLink;
}

/**
 * Sends an active vendor a new link to set their password (one who never set it, or forgot it):
 * emailed when email is set up, else handed to `onNotEmailed` to copy or send on WhatsApp.
 */
export function VendorPasswordLinkButton({
  vendor,
  onNotEmailed,
}: {
  vendor: Pick<VendorListItem, 'id' | 'name'>;
  onNotEmailed: (handed: HandedPasswordLink) => void;
}) {
  const send = useSendPasswordLink();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(vendor.id, {
          onSuccess: (answer) => {
            if (answer.passwordLink)
              onNotEmailed({
                vendorName: vendor.name,
                message: answer.message,
                passwordLink: answer.passwordLink,
              });
            else toast.success('Link sent', { description: answer.message });
          },
          onError: (error) => toast.error(errorMessage(error, VENDOR_MESSAGES.passwordLinkFailed)),
        })
      }
    >
      <KeyRound aria-hidden="true" />
      {send.isPending ? (
        'Sending...'
      ) : (
        // The vendor's name is heard, not shown: the card it sits on names them.
        <>
          Password Link <span className="sr-only">for {vendor.name}</span>
        </>
      )}
    </Button>
  );
}
