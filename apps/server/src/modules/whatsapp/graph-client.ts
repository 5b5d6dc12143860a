import {
  WHATSAPP_TEMPLATE_LANGUAGE,
  WHATSAPP_TEMPLATES,
  type WhatsAppEvent,
} from '@trowel/shared/whatsapp/whatsapp-templates.ts';
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

export interface TemplateMessage {
  /** Country code and number, digits only. */
  to: string;
  event: WhatsAppEvent;
  parameters: readonly string[];
}

const SEND_TIMEOUT_MS = 15_000;

/** Whether the company saved what sending needs: a phone-number id and an access token. */
export async function whatsappConfigured(ctx: Pick<PlatformContext, 'settings'>): Promise<boolean> {
  const settings = await ctx.settings.whatsapp();
  return settings.phoneNumberId !== '' && settings.accessToken !== '';
}

/**
 * Sends one template message through the Cloud API (`POST {base}/{phone-number-id}/messages`) and
 * answers the message id the delivery reports will name.
 */
export async function sendTemplateMessage(
  ctx: Pick<PlatformContext, 'settings' | 'config'>,
  message: TemplateMessage,
): Promise<string> {
  const { phoneNumberId, accessToken } = await ctx.settings.whatsapp();
  if (!phoneNumberId || !accessToken)
    throw new WhatsAppSendError('WHATSAPP_NOT_CONFIGURED: WhatsApp is not configured', false, null);
  const template = WHATSAPP_TEMPLATES[message.event];
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: WHATSAPP_TEMPLATE_LANGUAGE },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
  let response: Response;
  try {
    response = await fetch(`${ctx.config.whatsappApiUrl}/${encodeURIComponent(phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new WhatsAppSendError(`WHATSAPP_UNREACHABLE: ${(error as Error).message}`, true, null);
  }
  const answer = (await response.json().catch(() => ({}))) as {
    messages?: Array<{ id?: string }>;
    error?: { message?: string; code?: number };
  };
  if (!response.ok) {
    const retryable = response.status === 429 || response.status >= 500;
    const reason = answer.error?.message ?? `HTTP ${response.status}`;
    throw new WhatsAppSendError(
      `WHATSAPP_SEND_FAILED (${response.status}): ${reason}`,
      retryable,
      response.status,
    );
  }
  const id = answer.messages?.[0]?.id;
  if (!id)
    throw new WhatsAppSendError('WHATSAPP_SEND_FAILED: no message id in the answer', true, response.status);
  return id;
}
