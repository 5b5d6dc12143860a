import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download.ts';
import type { ReportFilters } from '../types.ts';

/** Downloads the report as CSV and saves it under the server's file name. */
export async function exportReport(filters: ReportFilters): Promise<string> {
  const { blob, headers } = await apiFile('/reports/export', { ...filters });
  const fileName =
    fileNameFromDisposition(headers.get('Content-Disposition')) ??
    `trowel-report-${filters.timeframe}-${filters.category}.csv`;
  saveBlob(blob, fileName);
  return fileName;
}

export function useExportReport() {
  return useMutation({ mutationFn: exportReport });
}
