import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SaveWhatsAppCategoriesInput,
  WhatsAppContactAnswer,
} from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PATH = '/notifications/whatsapp';

/** The person's WhatsApp number, whether it is verified, and what they receive on it. */
export function useWhatsAppContact() {
  return useQuery({
    queryKey: queryKeys.notifications.whatsapp,
    queryFn: async ({ signal }) => (await api.get<WhatsAppContactAnswer>(PATH, undefined, signal)).whatsapp,
  });
}

/** A change to the number or choices: the answer is the new state. */
function useWhatsAppChange<T>(call: (input: T) => Promise<WhatsAppContactAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ whatsapp }) => queryClient.setQueryData(queryKeys.notifications.whatsapp, whatsapp),
  });
}

export const useRequestWhatsAppCode = () =>
  useWhatsAppChange((phone: string) => api.post<WhatsAppContactAnswer>(`${PATH}/code`, { phone }));

export const useVerifyWhatsAppCode = () =>
  useWhatsAppChange((code: string) => api.post<WhatsAppContactAnswer>(`${PATH}/verify`, { code }));

export const useSaveWhatsAppCategories = () =>
  useWhatsAppChange((input: SaveWhatsAppCategoriesInput) => api.put<WhatsAppContactAnswer>(PATH, input));

export const useRemoveWhatsAppContact = () =>
  useWhatsAppChange(() => api.delete<WhatsAppContactAnswer>(PATH));
