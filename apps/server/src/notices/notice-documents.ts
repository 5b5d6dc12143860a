/**
 * The documents a notice may carry for the channels that attach one (WhatsApp sends the purchase
 * order's PDF in its template's document header). The module that owns a kind renders it for the
 * person told, by the same rules as its own routes (`noticeDocuments` in its manifest).
 */
export const NOTICE_DOCUMENT_KINDS = ['purchase-order'] as const;
export type NoticeDocumentKind = (typeof NOTICE_DOCUMENT_KINDS)[number];

/** Which document a notice carries: its kind and the id of the object it is drawn from. */
export interface NoticeDocument {
  kind: NoticeDocumentKind;
  id: string;
}

/** A document as drawn for one reader, ready to be sent. */
export interface RenderedDocument {
  fileName: string;
  mimeType: 'application/pdf';
  bytes: Uint8Array;
}
