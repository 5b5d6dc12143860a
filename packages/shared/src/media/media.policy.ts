import { can, type Actor } from '../auth/policy.ts';
import { canSeeFeedItem } from '../auth/scope.ts';

export const canUploadMedia = (actor: Pick<Actor, 'role'>) => can(actor, 'media:upload');

/** Clients see only client-visible media of their projects; vendors none. */
export function canSeeMedia(actor: Pick<Actor, 'role'>, item: { isClientVisible: boolean }): boolean {
  return canSeeFeedItem(actor, item);
}

/** The uploader (while they may still upload), admin and project_manager delete media. */
export function canDeleteMedia(actor: Actor, item: { uploadedBy: string | null }): boolean {
  if (can(actor, 'media:delete-any')) return true;
  return canUploadMedia(actor) && item.uploadedBy === actor.id;
}
