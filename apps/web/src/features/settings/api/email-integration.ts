import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailIntegrationAnswer,
  SaveEmailIntegrationInput,
  TestEmailAnswer,
} from '@trowel/shared/settings/settings.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getEmailIntegration(signal?: AbortSignal) {
  return (await api.get<EmailIntegrationAnswer>('/admin/settings/email/zeptomail', undefined, signal))
    .settings;
}

/** The email integration fields; the key comes back masked only. */
export function useEmailIntegration() {
  return useQuery({
    queryKey: queryKeys.settings.emailIntegration,
    queryFn: ({ signal }) => getEmailIntegration(signal),
  });
}

export function saveEmailIntegration(input: SaveEmailIntegrationInput) {
  return api.put<EmailIntegrationAnswer>('/admin/settings/email/zeptomail', input);
}

export function useSaveEmailIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailIntegration,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.settings.emailIntegration, settings);
      return queryClient.invalidateQueries({ queryKey: queryKeys.settings.system });
    },
  });
}

/** Sends one email now through the saved settings (a 401 here never ends the session: api-client). */
export function sendTestEmail(testEmail: string) {
  return api.post<TestEmailAnswer>('/notifications/test-email', { testEmail });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
