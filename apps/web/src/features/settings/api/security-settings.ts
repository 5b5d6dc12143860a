import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SaveSecuritySettingsInput,
  SecuritySettingsAnswer,
} from '@trowel/shared/settings/security-preferences.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getSecuritySettings(signal?: AbortSignal) {
  return (await api.get<SecuritySettingsAnswer>('/auth/security-settings', undefined, signal)).settings;
}

/** Session timeout and login notifications, kept on the server that enforces them. */
export function useSecuritySettings() {
  return useQuery({
    queryKey: queryKeys.settings.security,
    queryFn: ({ signal }) => getSecuritySettings(signal),
  });
}

export function saveSecuritySettings(input: SaveSecuritySettingsInput) {
  return api.put<SecuritySettingsAnswer>('/auth/security-settings', input);
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(queryKeys.settings.security, settings),
  });
}
