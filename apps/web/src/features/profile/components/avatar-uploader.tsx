import { AVATAR_MIME_TYPES } from '@trowel/shared/config/constants.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAvatarUpload } from '../hooks/use-avatar-upload.ts';

/** The large avatar with a camera button to pick a new picture. */
export function AvatarUploader({ user }: { user: UserDto }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { state, upload } = useAvatarUpload(user.id);
  const busy = state.phase !== 'idle';
  const statusText =
    state.phase === 'uploading'
      ? `Uploading ${Math.round(state.progress * 100)}%`
      : state.phase === 'processing'
        ? 'Processing...'
        : '';

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative">
        <UserAvatar name={user.name} src={user.avatar} size="lg" />
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70">
            <Spinner className="size-8" />
          </span>
        ) : null}
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          className={cn(
            'absolute -right-1 -bottom-1 flex size-9 items-center justify-center rounded-full border-2 border-white bg-blue-600 text-white shadow hover:bg-blue-700 disabled:opacity-60',
            focusRing,
          )}
        >
          <Camera aria-hidden="true" className="size-4" />
          <span className="sr-only">Change avatar</span>
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={AVATAR_MIME_TYPES.join(',')}
          aria-label="Upload avatar"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <p role="status" className="min-h-5 text-xs text-slate-600">
        {statusText}
      </p>
    </div>
  );
}
