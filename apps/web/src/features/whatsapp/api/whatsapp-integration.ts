import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SaveWhatsAppIntegrationInput,
  WhatsAppIntegrationAnswer,
} from '@trowel/shared/settings/whatsapp-integration.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getWhatsAppIntegration(signal?: AbortSignal) {
  return (await api.get<WhatsAppIntegrationAnswer>('/admin/settings/whatsapp', undefined, signal)).settings;
}

/** The WhatsApp integration fields; the token and secrets come back masked only. */
export function useWhatsAppIntegration() {
  return useQuery({
    queryKey: queryKeys.settings.whatsappIntegration,
    queryFn: ({ signal }) => getWhatsAppIntegration(signal),
  });
}

export function saveWhatsAppIntegration(input: SaveWhatsAppIntegrationInput) {
  return api.put<WhatsAppIntegrationAnswer>('/admin/settings/whatsapp', input);
}

export function useSaveWhatsAppIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWhatsAppIntegration,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.settings.whatsappIntegration, settings);
      return queryClient.invalidateQueries({ queryKey: queryKeys.settings.system });
    },
  });
}
