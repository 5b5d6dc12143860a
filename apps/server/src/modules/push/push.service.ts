import type { PushSubscriptionInput } from '@trowel/shared/push/push.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';
import { vapidDetails } from './vapid-keys.ts';

/** GET /push/public-key: what the browser subscribes with (its applicationServerKey). */
export function pushPublicKey(ctx: ModuleContext) {
  return vapidDetails(ctx.config).publicKey;
}

/** POST /push/subscriptions: this device is pushed this person's notices (400 unless a push service's). */
export async function savePushSubscription(
  ctx: ModuleContext,
  actor: AuthUser,
  input: PushSubscriptionInput,
) {
  if (!isAllowedPushEndpoint(input.endpoint, ctx.config.push.endpointAllowlist))
    throw badRequest('endpoint must be the https address of a browser push service');
  await ctx.pushSubscriptions.save(actor.id, input);
}

/** DELETE /push/subscriptions: this device is no longer pushed (switch off, signing out); 404 if it was not. */
export async function removePushSubscription(ctx: ModuleContext, actor: AuthUser, endpoint: string) {
  if (!(await ctx.pushSubscriptions.remove(actor.id, endpoint))) throw notFound('Push subscription');
}
