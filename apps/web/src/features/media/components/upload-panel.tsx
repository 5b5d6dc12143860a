import { zodResolver } from '@hookform/resolvers/zod';
import { countOf } from '@trowel/shared/format/plural.ts';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import {
  MEDIA_CLIENT_VISIBLE_DEFAULT,
  MEDIA_MESSAGES,
  uploadMediaFields,
  type MediaUploadAnswer,
  type UploadMediaFields,
} from '@trowel/shared/media/media.schemas.ts';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { NamedOptions } from '../../../components/ui/select-field.tsx';
import { SendOriginalToggle } from '../../../components/ui/send-original-toggle.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { useIdempotentUpload } from '../../../hooks/use-idempotent-upload.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { prepareUploadFiles, uploadFileRules } from '../../../lib/file-checks.ts';
import { uploadMediaBatch, type MediaBatch } from '../api/upload-media-batch.ts';
import type { ProjectChoice } from '../types.ts';

/** The upload's fields as typed; the files are kept beside them. */
interface UploadPanelValues {
  projectId: string;
  description: string;
  isClientVisible: boolean;
}

/** The fields checked as POST /media/upload-batch checks them. */
const uploadPanelSchema = bodySchema((values: UploadPanelValues) => values, uploadMediaFields);

interface UploadPanelProps {
  projects: readonly ProjectChoice[];
  /** The project chosen at first (the screen's project filter). */
  projectId: string;
  onUploaded: (answer: MediaUploadAnswer) => void;
}

/** Files (up to 5, dropped or chosen), a description, the project and client visibility; then upload. */
export function UploadPanel({ projects, projectId: initialProjectId, onUploaded }: UploadPanelProps) {
  const form = useForm<UploadPanelValues, unknown, UploadMediaFields>({
    resolver: zodResolver(uploadPanelSchema),
    defaultValues: {
      projectId: initialProjectId,
      description: '',
      isClientVisible: MEDIA_CLIENT_VISIBLE_DEFAULT,
    },
  });
  // Controlled: the options change as the projects load, and an uncontrolled select would then show
  // its first option while the form still holds the project chosen.
  const projectField = useController({ control: form.control, name: 'projectId' }).field;
  const projectId = projectField.value;
  const isClientVisible = useController({ control: form.control, name: 'isClientVisible' }).field;
  const [files, setFiles] = useState<File[]>([]);
  const [sendOriginal, setSendOriginal] = useState(false);
  const upload = useIdempotentUpload({
    send: uploadMediaBatch,
    onSuccess: (answer) => {
      setFiles([]);
      form.setValue('description', '');
      onUploaded(answer);
    },
    onError: (error) =>
      toast.error('Upload Failed', { description: errorMessage(error, 'Failed to upload media file') }),
  });

  // Closing the panel (Cancel Upload) stops an upload still running.
  const { reset } = upload;
  useEffect(() => reset, [reset]);

  const noFiles = () =>
    toast.error(MEDIA_MESSAGES.noFiles.title, { description: MEDIA_MESSAGES.noFiles.description });
  const submit = form.handleSubmit(
    (fields) => {
      if (files.length === 0) return noFiles();
      void upload.submit(async (): Promise<MediaBatch> => ({
        ...fields,
        files: await prepareUploadFiles(files, sendOriginal),
      }));
    },
    () =>
      files.length === 0
        ? noFiles()
        : toast.error(MEDIA_MESSAGES.noProject.title, { description: MEDIA_MESSAGES.noProject.description }),
  );

  const { state, busy } = upload;
  const knownProject = projects.some((project) => project.id === projectId);
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Upload Media</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate data-composing="" aria-label="Upload Media" className="space-y-4">
          <FilePicker
            id="media-files"
            label="Drop files here or tap to choose"
            hint={`Up to ${MAX_FILES_PER_UPLOAD} files: photos and documents up to 10 MB each, videos larger.`}
            files={files}
            onFilesChange={setFiles}
            rules={uploadFileRules({ shrinkPhotos: !sendOriginal })}
            disabled={busy}
          />
          <SendOriginalToggle
            id="media-send-original"
            files={files}
            checked={sendOriginal}
            onCheckedChange={setSendOriginal}
            disabled={busy}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField id="media-project" label="Project" required>
              {({ id }) => (
                <NativeSelect id={id} {...projectField} disabled={busy}>
                  <option value="">Select a project</option>
                  {projectId && !knownProject ? <option value={projectId}>Selected project</option> : null}
                  <NamedOptions
                    items={projects.map(({ id: value, title }) => ({ id: value, name: title }))}
                  />
                </NativeSelect>
              )}
            </FormField>
            <FormField id="media-description" label="Description" className="sm:col-span-2">
              {({ id }) => (
                <Textarea
                  id={id}
                  {...form.register('description')}
                  rows={2}
                  maxLength={2000}
                  disabled={busy}
                />
              )}
            </FormField>
          </div>
          <SwitchField
            id="media-client-visible"
            label="Visible to client"
            hint="The project's client can see these files."
            checked={isClientVisible.value}
            onCheckedChange={isClientVisible.onChange}
            disabled={busy}
          />
          {state.status === 'sending' ? <UploadProgress fraction={state.progress} /> : null}
          {state.status === 'interrupted' ? <RetryAlert onRetry={() => void upload.retry()} /> : null}
          <div className="flex justify-end">
            <BusyButton
              type="submit"
              busy={busy}
              busyLabel={state.status === 'preparing' ? 'Preparing...' : 'Uploading...'}
            >
              Upload {files.length > 0 ? countOf(files.length, 'File') : 'Files'}
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
