import { can, type Actor } from '../auth/policy.ts';

export const canUploadMedia = (actor: Pick<Actor, 'role'>) => can(actor, 'media:upload');

/** Clients see only client-visible media of their projects; vendors none. */
export function canSeeMedia(actor: Pick<Actor, 'role'>, item: { isClientVisible: boolean }): boolean {
  if (actor.role === 'client') return item.isClientVisible;
  return actor.role !== 'vendor';
}

/** The uploader, admin and project_manager delete media. */
export function canDeleteMedia(actor: Actor, item: { uploadedBy: string | null }): boolean {
  if (actor.role === 'client' || actor.role === 'vendor') return false;
  return item.uploadedBy === actor.id || can(actor, 'media:delete-any');
}
