/** Machine codes of failed answers, with the HTTP status each one carries. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  WRONG_PASSWORD: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A resumable upload that is gone (expired, discarded, already attached) or not the caller's. */
  UPLOAD_NOT_FOUND: 404,
  /** A part that does not start where the server's copy ends; Upload-Offset tells where that is. */
  UPLOAD_OFFSET_MISMATCH: 409,
  /** A create naming an upload whose bytes have not all arrived. */
  UPLOAD_INCOMPLETE: 409,
  EMAIL_TAKEN: 409,
  INVALID_STATE: 409,
  /** An auto-login link whose validity ran out. */
  EXPIRED_TOKEN: 410,
  /** An auto-login link that was already used (each works once). */
  USED_TOKEN: 410,
  /** An auto-login link that matches nothing, was revoked or was already replaced. */
  INVALID_TOKEN: 400,
  /** Vendor auto-login links are switched off in the settings. */
  AUTO_LOGIN_DISABLED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  /** Email: nothing to send with yet (no API key and no SMTP_URL, or no from address). */
  EMAIL_NOT_CONFIGURED: 400,
  /** The email service refused the API key (never 401: that would end the admin's session). */
  TM_INVALID_API_KEY: 400,
  /** The email service refused the from address or its domain. */
  TM_SENDER_REJECTED: 400,
  /** The email service refused the recipient. */
  TM_RECIPIENT_REJECTED: 400,
  /** The email service answered with another failure. */
  TM_SEND_FAILED: 502,
  /** The email service could not be reached. */
  EMAIL_PROVIDER_UNREACHABLE: 502,
  /** WhatsApp: nothing to send with yet (no phone-number id or access token saved). */
  WHATSAPP_NOT_CONFIGURED: 409,
  /** A WhatsApp verification code that ran out, was used up by wrong tries, or was never asked for. */
  WHATSAPP_CODE_EXPIRED: 409,
  SERVICE_UNAVAILABLE: 503,
  /** The disk (or the database's) is full: nothing of the request was kept. */
  INSUFFICIENT_STORAGE: 507,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
}

export function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === false &&
    typeof (body as { error?: unknown }).error === 'string'
  );
}
