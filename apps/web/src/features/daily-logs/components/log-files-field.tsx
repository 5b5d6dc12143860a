import { LOG_MESSAGES } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { toast } from 'sonner';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { SendOriginalToggle } from '../../../components/ui/send-original-toggle.tsx';
import { TOO_MANY_FILES, uploadFileRules } from '../../../lib/file-checks.ts';

interface LogFilesFieldProps {
  id: string;
  files: File[];
  onFilesChange: (files: File[]) => void;
  sendOriginal: boolean;
  onSendOriginalChange: (sendOriginal: boolean) => void;
  disabled?: boolean;
}

/** Up to 5 files for a log or reply, and the choice to send photos at full size. */
export function LogFilesField(props: LogFilesFieldProps) {
  const { id, files, onFilesChange, sendOriginal, onSendOriginalChange, disabled } = props;
  return (
    <div className="space-y-2">
      <FilePicker
        id={id}
        label="Attach files"
        hint={`Up to ${MAX_FILES_PER_UPLOAD} files.`}
        variant="button"
        files={files}
        onFilesChange={onFilesChange}
        rules={uploadFileRules({ shrinkPhotos: !sendOriginal })}
        disabled={disabled}
        onRejected={(rejections) => {
          if (rejections.some(({ errors }) => errors.includes(TOO_MANY_FILES))) {
            toast.error(TOO_MANY_FILES, { description: LOG_MESSAGES.tooManyFiles });
          }
        }}
      />
      <SendOriginalToggle
        id={`${id}-original`}
        files={files}
        checked={sendOriginal}
        onCheckedChange={onSendOriginalChange}
        disabled={disabled}
      />
    </div>
  );
}
