import {
  WHATSAPP_TEMPLATE_LANGUAGE,
  WHATSAPP_TEMPLATES,
  type WhatsAppEvent,
} from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { RenderedDocument } from '../../notices/notice-documents.ts';
import type { PlatformContext } from '../../platform.ts';

/** A send the Graph API refused or could not take: `retryable` for 429, 5xx and no answer at all. */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** A document uploaded to the Cloud API, as a template's document header names it. */
export interface UploadedDocument {
  id: string;
  filename: string;
}

export interface TemplateMessage {
  /** Country code and number, digits only. */
  to: string;
  event: WhatsAppEvent;
  parameters: readonly string[];
  /** The document of a template registered with a document header. */
  document?: UploadedDocument;
}

const SEND_TIMEOUT_MS = 15_000;
/** A document leaves in one request: a slow uplink gets longer than a message. */
const UPLOAD_TIMEOUT_MS = 60_000;

type GraphContext = Pick<PlatformContext, 'settings' | 'config'>;

/** Whether the company saved what sending needs: a phone-number id and an access token. */
export async function whatsappConfigured(ctx: Pick<PlatformContext, 'settings'>): Promise<boolean> {
  const settings = await ctx.settings.whatsapp();
  return settings.phoneNumberId !== '' && settings.accessToken !== '';
}

/**
 * One POST to `{base}/{phone-number-id}/{edge}` with the saved access token, answered parsed; a
 * refusal or no answer throws a WhatsAppSendError (`code` names the call in its message).
 */
async function postToGraph<Answer>(
  ctx: GraphContext,
  edge: 'messages' | 'media',
  body: string | FormData,
  timeoutMs: number,
): Promise<Answer> {
  const code = edge === 'media' ? 'WHATSAPP_UPLOAD_FAILED' : 'WHATSAPP_SEND_FAILED';
  const { phoneNumberId, accessToken } = await ctx.settings.whatsapp();
  if (!phoneNumberId || !accessToken)
    throw new WhatsAppSendError('WHATSAPP_NOT_CONFIGURED: WhatsApp is not configured', false, null);
  let response: Response;
  try {
    response = await fetch(`${ctx.config.whatsappApiUrl}/${encodeURIComponent(phoneNumberId)}/${edge}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        // A FormData body sets its own multipart type and boundary.
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new WhatsAppSendError(`WHATSAPP_UNREACHABLE: ${(error as Error).message}`, true, null);
  }
  const answer = (await response.json().catch(() => ({}))) as Answer & {
    error?: { message?: string; code?: number };
  };
  if (!response.ok) {
    const retryable = response.status === 429 || response.status >= 500;
    const reason = answer.error?.message ?? `HTTP ${response.status}`;
    throw new WhatsAppSendError(`${code} (${response.status}): ${reason}`, retryable, response.status);
  }
  return answer;
}

/**
 * Uploads a document to the Cloud API (`POST {base}/{phone-number-id}/media`, multipart with
 * `messaging_product=whatsapp`, its type and the file) and answers the media id a message names it by.
 */
export async function uploadDocument(
  ctx: GraphContext,
  document: RenderedDocument,
): Promise<UploadedDocument> {
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', document.mimeType);
  form.append('file', new Blob([document.bytes], { type: document.mimeType }), document.fileName);
  const answer = await postToGraph<{ id?: string }>(ctx, 'media', form, UPLOAD_TIMEOUT_MS);
  if (!answer.id)
    throw new WhatsAppSendError('WHATSAPP_UPLOAD_FAILED: no media id in the answer', true, null);
  return { id: answer.id, filename: document.fileName };
}

/**
 * Sends one template message through the Cloud API (`POST {base}/{phone-number-id}/messages`), with
 * its document header when it has one, and answers the message id the delivery reports will name.
 */
export async function sendTemplateMessage(ctx: GraphContext, message: TemplateMessage): Promise<string> {
  const template = WHATSAPP_TEMPLATES[message.event];
  const header = message.document
    ? [{ type: 'header', parameters: [{ type: 'document', document: message.document }] }]
    : [];
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: WHATSAPP_TEMPLATE_LANGUAGE },
      components: [
        ...header,
        { type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) },
      ],
    },
  };
  const answer = await postToGraph<{ messages?: Array<{ id?: string }> }>(
    ctx,
    'messages',
    JSON.stringify(body),
    SEND_TIMEOUT_MS,
  );
  const id = answer.messages?.[0]?.id;
  if (!id) throw new WhatsAppSendError('WHATSAPP_SEND_FAILED: no message id in the answer', true, null);
  return id;
}
