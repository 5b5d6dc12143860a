import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordInput,
  currentUserAnswer,
  loginAnswer,
  loginInput,
} from '@trowel/shared/auth/auth.schemas.ts';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  saveSecuritySettingsInput,
  securitySettingsAnswer,
} from '@trowel/shared/settings/security-preferences.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import {
  changePassword,
  currentUser,
  login,
  logout,
  saveSecuritySettings,
  securitySettings,
} from './auth.service.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          body: loginInput,
          response: { 200: loginAnswer },
        },
      },
      async (request) => {
        const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log };
        return {
          success: true as const,
          ...(await login(ctx, request.body, meta)),
        };
      },
    );

    app.post(
      '/auth/logout',
      { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: okMessage } } },
      async (request) => {
        await logout(ctx, actorOf(request), request.log);
        return { success: true as const, message: 'Signed out' };
      },
    );

    app.get(
      '/auth/me',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['auth'], response: { 200: currentUserAnswer } },
      },
      async (request) => ({ success: true as const, user: currentUser(actorOf(request)) }),
    );

    app.post(
      '/auth/change-password',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['auth'], body: changePasswordInput, response: { 200: okMessage } },
      },
      async (request) => {
        await changePassword(ctx, actorOf(request), request.body, request.log);
        return { success: true as const, message: 'Password changed successfully' };
      },
    );

    app.get(
      '/auth/security-settings',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['auth'], response: { 200: securitySettingsAnswer } },
      },
      async (request) => ({
        success: true as const,
        settings: await securitySettings(ctx, actorOf(request).id),
      }),
    );

    app.put(
      '/auth/security-settings',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['auth'],
          body: saveSecuritySettingsInput,
          response: { 200: securitySettingsAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        settings: await saveSecuritySettings(ctx, actorOf(request).id, request.body),
      }),
    );
  };
}
