/** The parts of an email: a heading, paragraphs, an optional button link and a footer line. */
export interface EmailContent {
  heading: string;
  paragraphs: readonly string[];
  /** Items listed under the paragraphs (a digest's notifications). */
  items?: ReadonlyArray<{ title: string; detail: string; url?: string | undefined }>;
  action?: { label: string; url: string } | undefined;
  footer: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text and simple HTML of the same content (every email has both). */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const items = content.items ?? [];
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...items.flatMap((item) => [
      `- ${item.title}`,
      `  ${item.detail}`,
      ...(item.url ? [`  ${item.url}`] : []),
    ]),
    ...(items.length > 0 ? [''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    content.footer,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:18px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    items.length > 0
      ? `<ul>${items
          .map((item) => {
            const title = item.url
              ? `<a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>`
              : escapeHtml(item.title);
            return `<li><strong>${title}</strong><br>${escapeHtml(item.detail)}</li>`;
          })
          .join('')}</ul>`
      : '',
    content.action
      ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:8px 14px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
      : '',
    `<p style="font-size:12px;color:#64748b">${escapeHtml(content.footer)}</p>`,
    '</body></html>',
  ].join('');
  return { text, html };
}
