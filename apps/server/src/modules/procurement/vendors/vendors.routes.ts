import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  createVendorInput,
  setPasswordInput,
  listVendorsQuery,
  passwordLinkSentAnswer,
  updateVendorInput,
  vendorAnswer,
  vendorCreatedAnswer,
  vendorDeletedAnswer,
  vendorListAnswer,
  vendorOwnStatsAnswer,
  vendorStatsAnswer,
} from '@trowel/shared/procurement/vendor.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../http/access.ts';
import { idParams } from '../../../http/responses.ts';
import { setPasswordFromLink } from './vendor-account.service.ts';
import { toVendorDto } from './vendor-dto.ts';
import { resendPasswordLink } from './vendor-password-link.service.ts';
import {
  createVendor,
  deleteVendor,
  listVendors,
  ownVendor,
  updateVendor,
  vendorOwnStats,
  vendorStats,
  vendorTarget,
} from './vendors.service.ts';

/** Vendors: staff keep the list; a vendor reads and edits their own record. */
export function vendorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/vendors',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['vendors'], querystring: listVendorsQuery, response: { 200: vendorListAnswer } },
      },
      async (request) => ({ success: true as const, ...(await listVendors(ctx, request.query)) }),
    );

    app.post(
      '/vendors',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['vendors'], body: createVendorInput, response: { 201: vendorCreatedAnswer } },
      },
      async (request) => {
        const created = await createVendor(ctx, actorOf(request), request.body);
        return { success: true as const, ...created };
      },
    );

    app.get(
      '/vendors/stats',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['vendors'], response: { 200: vendorStatsAnswer } },
      },
      async () => ({ success: true as const, stats: await vendorStats(ctx) }),
    );

    app.get(
      '/vendors/my-stats',
      {
        config: { access: 'vendor:portal' },
        schema: { tags: ['vendors'], response: { 200: vendorOwnStatsAnswer } },
      },
      async (request) => {
        const vendor = await ownVendor(ctx, actorOf(request));
        return { success: true as const, stats: await vendorOwnStats(ctx, vendor) };
      },
    );

    app.get(
      '/vendors/my-profile',
      {
        config: { access: 'vendor:portal' },
        schema: { tags: ['vendors'], response: { 200: vendorAnswer } },
      },
      async (request) => ({
        success: true as const,
        vendor: toVendorDto(await ownVendor(ctx, actorOf(request))),
      }),
    );

    app.get(
      '/vendors/:id',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => vendorTarget(ctx, actor, params.id!),
        },
        schema: { tags: ['vendors'], params: idParams, response: { 200: vendorAnswer } },
      },
      async (request) => ({
        success: true as const,
        vendor: toVendorDto(await vendorTarget(ctx, actorOf(request), request.params.id)),
      }),
    );

    app.put(
      '/vendors/:id',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => vendorTarget(ctx, actor, params.id!),
        },
        schema: {
          tags: ['vendors'],
          params: idParams,
          body: updateVendorInput,
          response: { 200: vendorAnswer },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const target = await vendorTarget(ctx, actor, request.params.id);
        const sent = Object.keys(request.body);
        return { success: true as const, vendor: await updateVendor(ctx, actor, target, request.body, sent) };
      },
    );

    app.post(
      '/auth/set-password',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: setPasswordInput, response: { 200: okMessage } },
      },
      async (request) => {
        await setPasswordFromLink(ctx, request.body, request.log);
        return { success: true as const, message: 'Password set. You can now sign in.' };
      },
    );

    app.post(
      '/vendors/:id/password-link',
      {
        config: {
          access: 'procurement:access',
          authorize: (actor, params) => vendorTarget(ctx, actor, params.id!),
        },
        schema: { tags: ['vendors'], params: idParams, response: { 200: passwordLinkSentAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await resendPasswordLink(ctx, await vendorTarget(ctx, actorOf(request), request.params.id))),
      }),
    );

    app.delete(
      '/vendors/:id',
      {
        config: { access: 'vendors:delete' },
        schema: { tags: ['vendors'], params: idParams, response: { 200: vendorDeletedAnswer } },
      },
      async (request) => {
        await deleteVendor(ctx, request.params.id);
        return { success: true as const, message: 'Vendor deleted successfully' };
      },
    );
  };
}
