import type { PasswordLink } from '@trowel/shared/procurement/vendor.schemas.ts';
import { Copy, MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatDate } from '../../../lib/format-date.ts';

/**
 * After a vendor was added without a password while email is not set up: the link to set their
 * password was not emailed, so it is shown here to copy or send on WhatsApp.
 */
export function VendorPasswordLink({
  vendorName,
  message,
  passwordLink,
  onDone,
}: {
  vendorName: string;
  message: string;
  passwordLink: PasswordLink;
  onDone: () => void;
}) {
  const fieldId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(passwordLink.link);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link: select it and copy it yourself.');
    }
  };
  return (
    <section
      aria-label={`Password link for ${vendorName}`}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold wrap-anywhere">{vendorName}: the link was not emailed</p>
      <p>{message}</p>
      <div className="space-y-1">
        <label htmlFor={fieldId} className="text-xs font-medium">
          Link to set their password (works once, until {formatDate(passwordLink.expiresAt)})
        </label>
        <Input
          id={fieldId}
          readOnly
          value={passwordLink.link}
          onFocus={(event) => event.currentTarget.select()}
          className="bg-white"
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
        <Button asChild variant="outline">
          <a href={passwordLink.whatsappUrl} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden="true" />
            Send on WhatsApp
          </a>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
