/** The longest part of someone's remarks a notification quotes; the object itself keeps them whole. */
export const QUOTED_REMARKS_MAX = 280;

/**
 * Remarks to end a sentence with, ' Remarks: "…"', shortened to QUOTED_REMARKS_MAX characters; nothing
 * when there are none.
 */
export function quotedRemarks(remarks: string | null | undefined, label = 'Remarks'): string {
  const text = remarks?.trim().replace(/\s+/g, ' ') ?? '';
  if (!text) return '';
  const shown =
    text.length > QUOTED_REMARKS_MAX ? `${text.slice(0, QUOTED_REMARKS_MAX - 1).trimEnd()}…` : text;
  return ` ${label}: "${shown}"`;
}
