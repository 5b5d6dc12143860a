import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveSettingsInput, SystemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getSystemSettings(signal?: AbortSignal) {
  return api.get<SystemSettingsAnswer>('/admin/settings', undefined, signal);
}

/** The administrator's system settings (workflow, vendor auto-login). */
export function useSystemSettings() {
  return useQuery({
    queryKey: queryKeys.settings.system,
    queryFn: ({ signal }) => getSystemSettings(signal),
  });
}

export function saveSystemSettings(settings: SaveSettingsInput['settings']) {
  return api.put<SystemSettingsAnswer>('/admin/settings', { settings });
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemSettings,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.settings.system, answer),
  });
}
