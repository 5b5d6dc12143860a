import { can, type Actor } from '../auth/policy.ts';
import { canSeeFeedItem } from '../auth/scope.ts';

/** Clients read and reply; everyone of the company also writes logs. */
export const canCreateLog = (actor: Pick<Actor, 'role'>) => can(actor, 'logs:write');

/** Whether the actor may see this log (its project is already known to be visible to them). */
export function canSeeLog(actor: Pick<Actor, 'role'>, log: { isClientVisible: boolean }): boolean {
  return canSeeFeedItem(actor, log);
}

/** Clients reply only on client-visible logs; a deleted message takes no replies. */
export function canReplyToLog(
  actor: Pick<Actor, 'role'>,
  log: { isClientVisible: boolean; isDeleted: boolean },
): boolean {
  return !log.isDeleted && canSeeLog(actor, log);
}

/** Only the author deletes their own log or reply, once. */
export function canDeleteMessage(
  actor: Pick<Actor, 'id'>,
  message: { authorId: string | null; isDeleted: boolean },
): boolean {
  return !message.isDeleted && message.authorId !== null && message.authorId === actor.id;
}
