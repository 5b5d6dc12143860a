import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { createReplyFields } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { useIdempotentUpload } from '../../../hooks/use-idempotent-upload.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { enqueue } from '../../../lib/outbox/outbox.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { prepareUploadFiles } from '../../../lib/file-checks.ts';
import { createReply, replyOutboxItem, type NewReply } from '../api/create-reply.ts';
import { addReply, updateCachedLogs } from '../hooks/daily-log-cache.ts';
import { LogFilesField } from './log-files-field.tsx';

interface ReplyFormProps {
  dailyLogId: string;
  /** The reply being answered; null for the log itself. */
  parentReplyId: string | null;
  /** Whom the reply answers, for the text box's label. */
  answering: string;
  onClose: () => void;
}

/** Text and up to 5 files answering a log or a reply; the thread shows the reply once it is saved. */
export function ReplyForm({ dailyLogId, parentReplyId, answering, onClose }: ReplyFormProps) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const id = useId();
  const form = useForm({
    resolver: zodResolver(
      bodySchema(
        (values: { message: string }) => ({ ...values, parentReplyId: parentReplyId ?? undefined }),
        createReplyFields,
      ),
    ),
    defaultValues: { message: '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [sendOriginal, setSendOriginal] = useState(false);
  const upload = useIdempotentUpload({
    send: createReply,
    offline: {
      queue: async (payload, key) => {
        await enqueue(replyOutboxItem(payload, user.id, key));
      },
      onQueued: () => {
        toast.success(OUTBOX_MESSAGES.queued);
        onClose();
      },
    },
    onSuccess: async (reply) => {
      onClose();
      await updateCachedLogs(queryClient, (logs) => addReply(logs, reply));
    },
    onError: (failure) =>
      toast.error('Reply Failed', { description: errorMessage(failure, 'Failed to add reply') }),
  });

  const submit = form.handleSubmit(
    (reply) =>
      void upload.submit(async (): Promise<NewReply> => ({
        ...reply,
        dailyLogId,
        files: await prepareUploadFiles(files, sendOriginal),
      })),
  );

  function cancel() {
    upload.reset();
    onClose();
  }

  const { state, busy } = upload;
  return (
    <form
      onSubmit={submit}
      noValidate
      data-composing=""
      className="mt-3 space-y-3 rounded-md border border-slate-200 p-3"
    >
      <FormField
        id={`${id}-message`}
        label={`Reply to ${answering}`}
        error={form.formState.errors.message?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('message')}
            maxLength={10_000}
            rows={3}
            disabled={busy}
            placeholder="Write a reply..."
          />
        )}
      </FormField>
      <LogFilesField
        id={`${id}-files`}
        files={files}
        onFilesChange={setFiles}
        sendOriginal={sendOriginal}
        onSendOriginalChange={setSendOriginal}
        disabled={busy}
      />
      {state.status === 'sending' && files.length > 0 ? <UploadProgress fraction={state.progress} /> : null}
      {state.status === 'interrupted' ? <RetryAlert onRetry={() => void upload.retry()} /> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={cancel}>
          Cancel
        </Button>
        <BusyButton size="sm" type="submit" busy={busy} busyLabel="Sending...">
          Post Reply
        </BusyButton>
      </div>
    </form>
  );
}
