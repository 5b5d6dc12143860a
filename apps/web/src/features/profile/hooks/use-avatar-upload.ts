import { useQueryClient } from '@tanstack/react-query';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@trowel/shared/config/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../../lib/query-keys.ts';
import { waitForProcessing } from '../api/get-processing-status.ts';
import { uploadAvatar } from '../api/upload-avatar.ts';

export type AvatarUploadState =
  { phase: 'idle' } | { phase: 'uploading'; progress: number } | { phase: 'processing' };

/** Why a file cannot be an avatar, or null when it can. */
export function avatarFileProblem(
  file: Pick<File, 'type' | 'size'>,
): { title: string; message: string } | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: 'Invalid file type', message: 'Please choose a JPEG, PNG, GIF or WebP image.' };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return { title: 'File too large', message: 'Please choose an image smaller than 5 MB.' };
  }
  return null;
}

/** Uploads a new avatar, waits for the server to process it, then reloads the signed-in user. */
export function useAvatarUpload(userId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AvatarUploadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  async function upload(file: File) {
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;

    setState({ phase: 'uploading', progress: 0 });
    try {
      const answer = await uploadAvatar(userId, file, {
        signal,
        onProgress: (progress) => setState({ phase: 'uploading', progress }),
      });
      if ('processingId' in answer) {
        setState({ phase: 'processing' });
        const result = await waitForProcessing(answer.processingId, signal);
        if (result.failed) {
          toast.error('Avatar processing failed', { description: result.error });
          return;
        }
      }
      await invalidateAll(queryClient, [queryKeys.session, ...staleAfter.user()]);
      toast.success('Avatar Updated', { description: 'Your profile picture has been updated.' });
    } catch (error) {
      if (signal.aborted) return;
      toast.error('Upload failed', { description: errorMessage(error, 'Please try again.') });
    } finally {
      if (!signal.aborted) setState({ phase: 'idle' });
    }
  }

  return { state, upload };
}
