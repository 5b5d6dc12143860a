import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download.ts';
import { schedulePath } from './get-schedule.ts';

/** The schedule's two files: the CSV of its tasks and the A3 landscape print. */
export type ScheduleFile = 'csv' | 'pdf';

const FILE_PATHS = { csv: 'export', pdf: 'pdf' } as const satisfies Record<ScheduleFile, string>;

/** Downloads one of the schedule's files and saves it under the server's file name; answers that name. */
export async function downloadScheduleFile(projectId: string, file: ScheduleFile): Promise<string> {
  const { blob, headers } = await apiFile(`${schedulePath(projectId)}/${FILE_PATHS[file]}`);
  const fileName = fileNameFromDisposition(headers.get('Content-Disposition')) ?? `schedule.${file}`;
  saveBlob(blob, fileName);
  return fileName;
}

export function useScheduleDownload(projectId: string) {
  return useMutation({ mutationFn: (file: ScheduleFile) => downloadScheduleFile(projectId, file) });
}
