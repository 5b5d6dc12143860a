import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@trowel/shared/http/errors.ts';
import { isDatabaseUnavailable, pgErrorCode, VALUE_DOES_NOT_FIT } from '../db/errors.ts';
import { AppError } from './app-error.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const MAX_NAMED_KEYS = 5;
const MAX_KEY_LENGTH = 40;

/** Unknown field names as a refusal repeats them: the first few, each cut short (a name may be any text). */
function namedBriefly(keys: readonly string[]): string {
  const named = keys
    .slice(0, MAX_NAMED_KEYS)
    .map((key) => (key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key));
  const more = keys.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** One readable sentence naming the field, from the first validation issue. */
const GENERIC_MESSAGE =
  /^(Invalid (input|option|string|format|type|key|element|union|value)|Too (small|big)|Expected|Unrecognized)/;

export function describeValidation(issues: readonly ValidationIssue[], where: string | undefined): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request';
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    return `${namedBriefly(keys)} cannot be set here`;
  }
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  if (issue.keyword === 'invalid_type' && message.startsWith('Invalid input')) {
    return field ? `${field} is required or has the wrong type` : `Request ${where ?? 'body'} is missing`;
  }
  // A sentence of the schema's own is written for people and names what it is about; the validator's
  // generic ones ('Too big: expected …') are told which field they are about.
  if (!field || !GENERIC_MESSAGE.test(message)) return message;
  return `${field}: ${message}`;
}

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return reply.status(status).send({ success: false, error: message, code });
}

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Malformed JSON in request body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is too large' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts in the upload' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields in the upload' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request is not multipart/form-data',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Content-Length does not match the body',
  },
};

/**
 * A body over the limit whose announced length is at most this is read to its end (and thrown away)
 * before the connection is reused, instead of closing the connection while the client still sends:
 * every ordinary client then reads the 413. Anything larger still closes the connection.
 */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

function keepConnectionForAnswer(request: FastifyRequest, reply: FastifyReply) {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length <= DRAIN_LIMIT_BYTES) reply.removeHeader('connection');
}

export const STORAGE_FULL_MESSAGE =
  'The server has no room left to store this. Nothing was saved; please try again later.';

/**
 * A write refused because the disk is full (or over quota), in the file store or in the database
 * (PostgreSQL's disk_full, 53100): the request failed as a whole, whatever it was writing.
 */
function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isStorageFull(cause);
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable: its database cannot be reached. Please try again in a moment.';
/** Seconds a client is asked to wait before trying again when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The error model of every answer: `{ success: false, error, code }`, never a stack trace or SQL. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Path parameters name what is asked for: one that cannot exist is simply not found.
      if (error.validationContext === 'params') return sendError(reply, 404, 'NOT_FOUND', 'Not found');
      return sendError(
        reply,
        400,
        'VALIDATION_ERROR',
        describeValidation(error.validation as unknown as ValidationIssue[], error.validationContext),
      );
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return sendError(reply, 507, 'INSUFFICIENT_STORAGE', STORAGE_FULL_MESSAGE);
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarting or out of reach: the request may succeed again soon, it was not wrong.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') keepConnectionForAnswer(request, reply);
    if (known) return sendError(reply, known.status, known.code, known.message);
    if (error.statusCode === 429) return sendError(reply, 429, 'TOO_MANY_REQUESTS', 'Too many requests');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      return sendError(reply, error.statusCode, 'VALIDATION_ERROR', 'Invalid request');
    }
    const sqlState = pgErrorCode(error);
    if (sqlState && VALUE_DOES_NOT_FIT.has(sqlState)) {
      // Logged, so a value the server computed wrongly still shows.
      request.log.warn({ err: error, sqlState }, 'value does not fit the database');
      return sendError(reply, 400, 'VALIDATION_ERROR', 'A value is too large or too long to be stored');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  });
}
