import { SCHEDULE_MESSAGES } from '@trowel/shared/schedule/schedule.schemas.ts';
import { Download, FileSpreadsheet } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useScheduleDownload, type ScheduleFile } from '../api/download-schedule.ts';

const BUTTONS = [
  { file: 'csv', label: 'Export CSV', Icon: FileSpreadsheet },
  { file: 'pdf', label: 'Download PDF', Icon: Download },
] as const satisfies ReadonlyArray<{ file: ScheduleFile; label: string; Icon: typeof Download }>;

/** Export CSV and Download PDF (the A3 print for site meetings): for everyone who reads the schedule. */
export function ScheduleDownloads({ projectId }: { projectId: string }) {
  const download = useScheduleDownload(projectId);
  const start = (file: ScheduleFile) =>
    download.mutate(file, {
      onSuccess: (fileName) =>
        toast.success(SCHEDULE_MESSAGES.exported, { description: `${fileName} has been downloaded.` }),
      onError: (error) =>
        toast.error(SCHEDULE_MESSAGES.exportFailed, {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  return (
    <>
      {BUTTONS.map(({ file, label, Icon }) => (
        <Button
          key={file}
          variant="outline"
          onClick={() => start(file)}
          disabled={download.isPending}
          className="flex-1 sm:flex-none"
        >
          {download.isPending && download.variables === file ? <Spinner /> : <Icon aria-hidden="true" />}
          {label}
        </Button>
      ))}
    </>
  );
}
