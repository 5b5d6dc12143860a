import type { ProcessingStartedAnswer, UserAnswer } from '@trowel/shared/users/user.schemas.ts';
import { uploadWithProgress, type UploadOptions } from '../../../lib/api-client.ts';

/** 202 while the picture is being processed; some servers answer the updated user at once. */
export type UploadAvatarResponse = ProcessingStartedAnswer | UserAnswer;

export function uploadAvatar(
  userId: string,
  file: File,
  options: Omit<UploadOptions, 'method'> = {},
): Promise<UploadAvatarResponse> {
  const form = new FormData();
  form.append('avatar', file);
  return uploadWithProgress<UploadAvatarResponse>(
    `/users/${encodeURIComponent(userId)}/avatar`,
    form,
    options,
  );
}
