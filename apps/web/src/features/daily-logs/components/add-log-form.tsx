import { useQueryClient } from '@tanstack/react-query';
import { DAILY_LOG_TYPES, type CreateDailyLogFields } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { NamedOptions, SelectOptions } from '../../../components/ui/select-field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { useIdempotentUpload } from '../../../hooks/use-idempotent-upload.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { enqueue } from '../../../lib/outbox/outbox.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { prepareUploadFiles } from '../../../lib/file-checks.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { createDailyLog, dailyLogOutboxItem, type NewDailyLog } from '../api/create-daily-log.ts';
import type { ProjectChoice } from '../types.ts';
import { logTypeLabel } from './log-badges.tsx';
import { firstLogProblem, logFormSchema, type LogFormField, type LogFormValues } from './log-form-rules.ts';
import { LogFilesField } from './log-files-field.tsx';

interface AddLogFormProps {
  projects: readonly ProjectChoice[];
  /** The project chosen at first (the screen's project filter). */
  projectId: string;
  onClose: () => void;
}

/** Project, title, description, type, client visibility and up to 5 files; the list reloads once saved. */
export function AddLogForm({ projects, projectId, onClose }: AddLogFormProps) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const form = useForm<LogFormValues, unknown, CreateDailyLogFields>({
    resolver: zodResolver(logFormSchema),
    defaultValues: { projectId, title: '', message: '', type: 'update', isClientVisible: false },
  });
  // Controlled: the options change as the projects load (see the media upload panel).
  const projectField = useController({ control: form.control, name: 'projectId' }).field;
  const chosenProject = projectField.value;
  const isClientVisible = useController({ control: form.control, name: 'isClientVisible' }).field;
  const [files, setFiles] = useState<File[]>([]);
  const [sendOriginal, setSendOriginal] = useState(false);
  const upload = useIdempotentUpload({
    send: createDailyLog,
    offline: {
      queue: async (payload, key) => {
        await enqueue(dailyLogOutboxItem(payload, user.id, key));
      },
      onQueued: () => {
        toast.success(OUTBOX_MESSAGES.queued);
        onClose();
      },
    },
    onSuccess: async (log) => {
      onClose();
      await invalidateAll(queryClient, staleAfter.logWritten(log));
    },
    onError: (error) =>
      toast.error('Submit Failed', { description: errorMessage(error, 'Failed to add daily log') }),
  });
  // The first field refused is marked and focused (the form's focus goes there by itself).
  const invalid = firstLogProblem(form.formState.errors)?.field ?? null;

  const submit = form.handleSubmit(
    (values) =>
      void upload.submit(async (): Promise<NewDailyLog> => ({
        ...values,
        files: await prepareUploadFiles(files, sendOriginal),
      })),
    (errors) => {
      const problem = firstLogProblem(errors);
      if (problem) toast.error(problem.title, { description: problem.description });
    },
  );

  function cancel() {
    upload.reset();
    onClose();
  }

  const { state, busy } = upload;
  const control = (field: LogFormField) => ({
    ...form.register(field),
    'aria-invalid': invalid === field ? true : undefined,
    disabled: busy,
  });
  const knownProject = projects.some((project) => project.id === chosenProject);
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Add Daily Log</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate data-composing="" aria-label="Add Daily Log" className="space-y-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField id="log-project" label="Project" required>
              {({ id }) => (
                <NativeSelect
                  id={id}
                  {...projectField}
                  aria-invalid={invalid === 'projectId' ? true : undefined}
                  disabled={busy}
                >
                  <option value="">Select a project</option>
                  {chosenProject && !knownProject ? (
                    <option value={chosenProject}>Selected project</option>
                  ) : null}
                  <NamedOptions
                    items={projects.map(({ id: value, title }) => ({ id: value, name: title }))}
                  />
                </NativeSelect>
              )}
            </FormField>
            <FormField id="log-type" label="Type">
              {({ id }) => (
                <NativeSelect id={id} {...form.register('type')} disabled={busy}>
                  <SelectOptions values={DAILY_LOG_TYPES} label={logTypeLabel} />
                </NativeSelect>
              )}
            </FormField>
            <FormField id="log-title" label="Title" required className="sm:col-span-2">
              {({ id }) => <Input id={id} {...control('title')} maxLength={200} />}
            </FormField>
            <FormField id="log-description" label="Description" required className="sm:col-span-2">
              {({ id }) => <Textarea id={id} {...control('message')} rows={4} maxLength={10_000} />}
            </FormField>
          </div>
          <SwitchField
            id="log-client-visible"
            label="Visible to client"
            hint="The project's client can read this log and reply to it."
            checked={isClientVisible.value}
            onCheckedChange={isClientVisible.onChange}
            disabled={busy}
          />
          <LogFilesField
            id="log-files"
            files={files}
            onFilesChange={setFiles}
            sendOriginal={sendOriginal}
            onSendOriginalChange={setSendOriginal}
            disabled={busy}
          />
          {state.status === 'sending' && files.length > 0 ? (
            <UploadProgress fraction={state.progress} />
          ) : null}
          {state.status === 'interrupted' ? <RetryAlert onRetry={() => void upload.retry()} /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel}>
              Cancel
            </Button>
            <BusyButton
              type="submit"
              busy={busy}
              busyLabel={state.status === 'preparing' ? 'Preparing...' : 'Saving...'}
            >
              Save Log
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
