// Who is on WhatsApp and push, written straight in the database between runs of bench/whatsapp.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { queryRows } from '@trowel/server/src/db/raw.ts';
import { preferencesRepository } from '@trowel/server/src/preferences/preferences.repository.ts';

/** The channels beside email a run's recipients are on. */
export interface ChannelSetup {
  id: 'none' | 'whatsapp-tenth' | 'whatsapp-all' | 'whatsapp-push-all';
  label: string;
  /** The share of the recipients with a verified WhatsApp number and Project Updates on. */
  whatsappShare: number;
  /** Whether WhatsApp is configured (the integration saved); without it nobody can verify a number. */
  whatsappConfigured: boolean;
  /** The share of the recipients with push on and a subscription (a phone that installed the app). */
  pushShare: number;
}

/** The baseline first: every ratio is taken against it, measured in the same round. */
export const CHANNEL_SETUPS: readonly ChannelSetup[] = [
  {
    id: 'none',
    label: 'WhatsApp not configured, no push',
    whatsappShare: 0,
    whatsappConfigured: false,
    pushShare: 0,
  },
  {
    id: 'whatsapp-tenth',
    label: 'WhatsApp, a tenth opted in',
    whatsappShare: 0.1,
    whatsappConfigured: true,
    pushShare: 0,
  },
  {
    id: 'whatsapp-all',
    label: 'WhatsApp, everyone opted in',
    whatsappShare: 1,
    whatsappConfigured: true,
    pushShare: 0,
  },
  {
    id: 'whatsapp-push-all',
    label: 'WhatsApp and push, everyone',
    whatsappShare: 1,
    whatsappConfigured: true,
    pushShare: 1,
  },
];

/** How many of `recipients` people a setup puts on each channel. */
export function channelsReached(setup: ChannelSetup, recipients: number) {
  return {
    whatsapp: Math.round(recipients * setup.whatsappShare),
    push: Math.round(recipients * setup.pushShare),
  };
}

const idArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Puts the first share of `recipients` on WhatsApp (a verified Nigerian number, Project Updates on)
 * and on push (push notifications on, one subscription each), everyone else on neither, with the
 * default notification settings.
 */
export async function applyChannelSetup(db: Db, setup: ChannelSetup, recipients: readonly string[]) {
  const reached = channelsReached(setup, recipients.length);
  const onWhatsApp = recipients.slice(0, reached.whatsapp);
  const onPush = recipients.slice(0, reached.push);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from whatsapp_contacts`);
    await tx.execute(sql`delete from push_subscriptions`);
    await tx.execute(sql`delete from user_preferences`);
    const preferences = preferencesRepository(tx as unknown as Db);
    for (const userId of onPush) await preferences.save(userId, { pushNotifications: true });
    if (onWhatsApp.length)
      await tx.execute(sql`
        insert into whatsapp_contacts (user_id, phone, verified_at, project_updates)
        select id, '234803' || lpad((row_number() over (order by id))::text, 7, '0'), now(), true
        from unnest(${idArray(onWhatsApp)}) as id`);
    if (onPush.length)
      await tx.execute(sql`
        insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        select id, 'https://push.bench.invalid/' || id, 'bench-p256dh', 'bench-auth'
        from unnest(${idArray(onPush)}) as id`);
  });
}

/** Empties what a run wrote (notifications, their recipients, every job), so each run starts alike. */
export async function clearNotices(db: Db) {
  await db.execute(sql`truncate notification_recipients, notifications, mail_sends, jobs`);
}

/** The rows a run wrote: recipients, and jobs by type. */
export async function rowsWritten(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows<{ kind: string; rows: number }>(
    db,
    sql`select 'recipients' as kind, count(*)::int as rows from notification_recipients
      union all select type, count(*)::int from jobs group by type`,
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.rows]));
}
