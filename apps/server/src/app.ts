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
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authenticate } from './modules/auth/auth.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { processingRoutes } from './modules/processing/processing.routes.ts';
import { phasesRoutes } from './modules/projects/phases.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { dailyLogsRoutes } from './modules/daily-logs/daily-logs.routes.ts';
import { budgetsRoutes } from './modules/budgets/budgets.routes.ts';
import { financialsRoutes } from './modules/financials/financials.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { systemSettingsRoutes } from './modules/settings/system-settings.routes.ts';
import { emailIntegrationRoutes } from './modules/settings/email-integration.routes.ts';
import { notificationSettingsRoutes } from './modules/notifications/notification-settings.routes.ts';
import { testimonialsRoutes } from './modules/testimonials/testimonials.routes.ts';
import { rfqsRoutes } from './modules/procurement/rfqs.routes.ts';
import { vendorsRoutes } from './modules/procurement/vendors.routes.ts';
import { materialRequestsRoutes } from './modules/material-requests/material-requests.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { negotiationsRoutes } from './modules/negotiations/negotiations.routes.ts';
import { purchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes.ts';
import { autoLoginRoutes } from './modules/auto-login/auto-login.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { avatarRoutes } from './modules/users/avatar.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { healthRoutes } from './modules/system/health.routes.ts';

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

/** Builds the HTTP application around a context; the caller listens and closes. */
export async function buildApp(
  ctx: AppContext,
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
      await api.register(healthRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(avatarRoutes(ctx));
      await api.register(processingRoutes(ctx));
      await api.register(projectsRoutes(ctx));
      await api.register(phasesRoutes(ctx));
      await api.register(notificationsRoutes(ctx));
      await api.register(reportsRoutes(ctx));
      await api.register(dailyLogsRoutes(ctx));
      await api.register(budgetsRoutes(ctx));
      await api.register(financialsRoutes(ctx));
      await api.register(attachmentsRoutes(ctx));
      await api.register(mediaRoutes(ctx));
      await api.register(systemSettingsRoutes(ctx));
      await api.register(emailIntegrationRoutes(ctx));
      await api.register(notificationSettingsRoutes(ctx));
      await api.register(testimonialsRoutes(ctx));
      await api.register(vendorsRoutes(ctx));
      await api.register(rfqsRoutes(ctx));
      await api.register(materialRequestsRoutes(ctx));
      await api.register(inventoryRoutes(ctx));
      await api.register(negotiationsRoutes(ctx));
      await api.register(purchaseOrdersRoutes(ctx));
      await api.register(autoLoginRoutes(ctx));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, ctx.config.webDist);
  return app;
}
