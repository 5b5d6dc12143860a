import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { loginThrottle } from '../../db/schema.ts';

interface Rule {
  key: string;
  limit: number;
}

const WINDOW_SECONDS = 15 * 60;
/** Thrown inside a reservation to undo its counts when a key is locked. */
const LOCKED = Symbol('locked');
const LOCK_SECONDS = 15 * 60;
/** Failures of one account from one address before that pair is locked. */
export const ACCOUNT_ADDRESS_LIMIT = 5;
/** Failures of one account from any addresses before the account is locked. */
export const ACCOUNT_LIMIT = 20;

/** Failures from one address at a public form other than sign-in (an auto-login link) before it is locked. */
export const ADDRESS_LIMIT = 10;

function rulesFor(email: string, ip: string): Rule[] {
  return [
    { key: `account-address:${email}|${ip}`, limit: ACCOUNT_ADDRESS_LIMIT },
    { key: `account:${email}`, limit: ACCOUNT_LIMIT },
  ];
}

/** An address at another public form: counted per address only, so no one can lock it for everybody. */
function addressRules(form: string, ip: string): Rule[] {
  return [{ key: `address:${form}|${ip}`, limit: ADDRESS_LIMIT }];
}

/**
 * Sign-in throttling kept in the database, so every API process shares it. Failures count per
 * account and per account-and-address; one account's failures never lock another account.
 */
export function loginThrottleStore(db: Db) {
  async function waitFor(rules: readonly Rule[]): Promise<number> {
    const keys = rules.map((rule) => rule.key);
    const rows = await db
      .select({
        wait: sql<number>`ceil(extract(epoch from (${loginThrottle.lockedUntil} - now())))::int`,
      })
      .from(loginThrottle)
      .where(sql`${inArray(loginThrottle.key, keys)} and ${loginThrottle.lockedUntil} > now()`);
    return Math.max(0, ...rows.map((row) => Number(row.wait)));
  }

  /** The upsert that counts one more attempt at `rule` in its window, locking the key at the limit. */
  const counted = (rule: Rule) => sql`
    insert into login_throttle (key, failures, window_start, locked_until)
    values (${rule.key}, 1, now(), case when 1 >= ${rule.limit} then now() + make_interval(secs => ${LOCK_SECONDS}) end)
    on conflict (key) do update set
      failures = case when login_throttle.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
        then 1 else login_throttle.failures + 1 end,
      window_start = case when login_throttle.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
        then now() else login_throttle.window_start end,
      locked_until = case
        when (case when login_throttle.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
          then 1 else login_throttle.failures + 1 end) >= ${rule.limit}
        then now() + make_interval(secs => ${LOCK_SECONDS})
        else login_throttle.locked_until end`;

  async function countFailure(rules: readonly Rule[]): Promise<number> {
    let wait = 0;
    for (const rule of rules) {
      const rows = await queryRows<{ locked: boolean }>(
        db,
        sql`${counted(rule)} returning (locked_until is not null and locked_until > now()) as locked`,
      );
      if (rows[0]?.locked) wait = LOCK_SECONDS;
    }
    return wait;
  }

  /**
   * Counts an attempt before its password is checked, under every rule at once: each key's row is
   * locked while it is counted (in key order, so two attempts never wait on each other), and a key
   * already locked refuses it, leaving every count as it was. However many attempts arrive together,
   * no more than a rule's limit get through in its window. Answers 0 for an attempt that may go on,
   * else the seconds to wait.
   */
  async function reserve(rules: readonly Rule[]): Promise<number> {
    const ordered = [...rules].sort((a, b) => a.key.localeCompare(b.key));
    const refused = await db
      .transaction(async (tx) => {
        for (const rule of ordered) {
          const rows = await queryRows<{ key: string }>(
            tx as unknown as Db,
            sql`${counted(rule)}
              where login_throttle.locked_until is null or login_throttle.locked_until <= now()
              returning key`,
          );
          if (rows.length === 0) throw LOCKED;
        }
        return false;
      })
      .catch((error: unknown) => {
        if (error === LOCKED) return true;
        throw error;
      });
    return refused ? Math.max(1, await waitFor(rules)) : 0;
  }

  return {
    /**
     * Counts a sign-in attempt of this account from this address before its password is checked:
     * 0 when it may go on (a failure then stays counted, a success resets), else the seconds to wait.
     */
    async beginAttempt(email: string, ip: string): Promise<number> {
      return reserve(rulesFor(email, ip));
    },

    /** Seconds this address must wait before trying another public form (`form`) again, or 0. */
    async addressRetryAfterSeconds(form: string, ip: string): Promise<number> {
      return waitFor(addressRules(form, ip));
    },

    /** Counts a failure of an address at a public form; answers the wait now imposed. */
    async recordAddressFailure(form: string, ip: string): Promise<number> {
      return countFailure(addressRules(form, ip));
    },

    /** A successful sign-in clears the account's counters. */
    async reset(email: string) {
      await db.execute(
        sql`delete from login_throttle where key = ${`account:${email}`} or key like ${`account-address:${email.replaceAll('%', '\\%').replaceAll('_', '\\_')}|%`}`,
      );
    },

    async deleteStale() {
      await db
        .delete(loginThrottle)
        .where(
          sql`${lt(loginThrottle.windowStart, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`)} and (${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} < now())`,
        );
    },
  };
}

export type LoginThrottleStore = ReturnType<typeof loginThrottleStore>;
