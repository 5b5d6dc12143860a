import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer.ts';
import type { AppContext } from './context.ts';
import { registerAccessControl } from './http/access.ts';
import { registerIdempotentCreates } from './http/idempotency.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { logSerializers } from './http/log-redaction.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { logSecurityEvent } from './http/security-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { countRequestsInFlight } from './http/requests-in-flight.ts';
import { registerSpa } from './http/spa.ts';
import { authenticate } from './modules/auth/auth.service.ts';
import type { ServerModule } from './server-module.ts';

/** Largest multipart upload part any route accepts; routes set tighter per-file limits. */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  '*.password',
  '*.token',
  'zeptomail_api_key',
  '*.zeptomail_api_key',
];

/** Builds the HTTP application around a context and the modules' routes; the caller listens and closes. */
export async function buildApp(
  ctx: AppContext,
  modules: readonly ServerModule[],
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: { paths: LOG_REDACT, censor: '[redacted]' },
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: ctx.config.bodyLimit,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  countRequestsInFlight(app, ctx.requestsInFlight);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerCompression(app);
  if (ctx.config.corsOrigins.length > 0) await app.register(cors, { origin: ctx.config.corsOrigins });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 50, fieldSize: 1024 * 1024, parts: 70 },
  });
  await registerOpenApi(app);
  registerAccessControl(app, {
    authenticate: (token) => authenticate(ctx, token),
    onForbidden: (request, user) =>
      logSecurityEvent(request.log, 'access.forbidden', {
        actorId: user.id,
        ip: request.ip,
        detail: `${request.method} ${request.routeOptions.url ?? request.url}`,
      }),
  });

  registerInputGuard(app);
  registerIdempotentCreates(app, ctx.database);

  await app.register(
    async (api) => {
      for (const module of modules) for (const routes of module.routes ?? []) await api.register(routes(ctx));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, ctx.config.webDist);
  return app;
}
