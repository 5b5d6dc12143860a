import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveSettingsInput, systemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import { actorOf } from '../http/access.ts';
import { listSystemSettings, saveSystemSettings } from './system-settings.service.ts';

/** The administrator's system settings: workflow, vendor auto-login and email integration. */
export function systemSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/settings',
      {
        config: { access: 'settings:admin' },
        schema: { tags: ['settings'], response: { 200: systemSettingsAnswer } },
      },
      async () => ({ success: true as const, ...(await listSystemSettings(ctx)) }),
    );

    app.put(
      '/admin/settings',
      {
        config: { access: 'settings:admin' },
        schema: { tags: ['settings'], body: saveSettingsInput, response: { 200: systemSettingsAnswer } },
      },
      async (request) => {
        await saveSystemSettings(ctx, actorOf(request), request.body.settings);
        return { success: true as const, ...(await listSystemSettings(ctx)) };
      },
    );
  };
}
