import {
  AUTO_LOGIN_MESSAGES,
  autoLoginMessage,
  whatsappUrl,
} from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useGenerateAutoLoginLink } from '../api/generate-link.ts';

export interface WhatsAppTarget {
  vendor: { id: string; name: string; contactPerson?: string | undefined; phone: string };
  rfq: { id: string; title: string };
}

/**
 * 'Send link via WhatsApp': makes the vendor's auto-login link and opens the chat with it in a new tab.
 * The tab is opened at the click (so no popup blocker stops it) and pointed at the chat once the link
 * is made; when making it fails, the message goes without the link (spec 3 §2.6).
 */
export function SendWhatsAppLinkButton({
  target,
  size = 'sm',
}: {
  target: WhatsAppTarget;
  size?: 'sm' | 'md';
}) {
  const generate = useGenerateAutoLoginLink();
  const send = () => {
    const tab = window.open('about:blank', '_blank');
    const open = (url: string) => {
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    };
    generate.mutate(
      { vendorId: target.vendor.id, rfqId: target.rfq.id },
      {
        onSuccess: (answer) => open(answer.whatsappUrl),
        onError: (error) => {
          toast.error(errorMessage(error, AUTO_LOGIN_MESSAGES.generateFailed));
          const message = autoLoginMessage({
            vendorName: target.vendor.contactPerson || target.vendor.name,
            rfqTitle: target.rfq.title,
            link: null,
          });
          open(whatsappUrl(target.vendor.phone, message));
        },
      },
    );
  };
  return (
    <Button variant="outline" size={size} onClick={send} disabled={generate.isPending}>
      <MessageCircle aria-hidden="true" />
      Send link via WhatsApp
    </Button>
  );
}
