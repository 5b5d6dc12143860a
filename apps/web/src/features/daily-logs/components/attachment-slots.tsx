import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { FileText } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';

/** How attachments are drawn and opened; the route supplies the shared thumbnail and viewer overlay. */
export interface AttachmentSlots {
  renderThumbnail: (attachment: AttachmentDto) => ReactNode;
  open: (attachment: AttachmentDto) => void;
}

const plainSlots: AttachmentSlots = {
  renderThumbnail: (attachment) => (
    <span className="flex size-full flex-col items-center justify-center gap-1 bg-slate-100 p-1 text-center text-slate-500">
      <FileText aria-hidden="true" className="size-5" />
      <span className="w-full truncate text-[11px]">{attachment.originalName}</span>
    </span>
  ),
  open: (attachment) => window.open(attachment.viewUrl, '_blank', 'noopener,noreferrer'),
};

const AttachmentSlotsContext = createContext<AttachmentSlots>(plainSlots);

export function AttachmentSlotsProvider({
  slots,
  children,
}: {
  slots: AttachmentSlots;
  children: ReactNode;
}) {
  return <AttachmentSlotsContext value={slots}>{children}</AttachmentSlotsContext>;
}

export function useAttachmentSlots(): AttachmentSlots {
  return useContext(AttachmentSlotsContext);
}
