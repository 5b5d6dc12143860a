import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettingsAnswer,
  SaveNotificationSettingsInput,
} from '@trowel/shared/notifications/notification-preferences.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getNotificationSettings(signal?: AbortSignal) {
  return (await api.get<NotificationSettingsAnswer>('/notifications/settings', undefined, signal)).settings;
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.settings,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

/** The person's six notification flags, as stored on the server. */
export function useNotificationSettings(enabled = true) {
  return useQuery({ ...notificationSettingsQueryOptions(), enabled });
}

export function saveNotificationSettings(input: SaveNotificationSettingsInput) {
  return api.put<NotificationSettingsAnswer>('/notifications/settings', input);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(queryKeys.notifications.settings, settings),
  });
}
