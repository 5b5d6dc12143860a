import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrderAction } from '@trowel/shared/change-orders/change-order.machine.ts';
import type { ChangeOrderAnswer } from '@trowel/shared/change-orders/change-order.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** A step and its body: the staff's remarks, the client's typed name, or their reason. */
export type ChangeOrderStep =
  | { action: 'send' | 'withdraw'; body: { remarks?: string } }
  | { action: 'approve'; body: { signedName: string } }
  | { action: 'decline'; body: { reason: string } };

/** POST /change-orders/{id}/{action}; an approval changes the project's value everywhere it shows. */
export function useChangeOrderStep(projectId: string, changeOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, body }: ChangeOrderStep) =>
      (
        await api.post<ChangeOrderAnswer>(
          `/change-orders/${encodeURIComponent(changeOrderId)}/${action satisfies ChangeOrderAction}`,
          body,
        )
      ).changeOrder,
    onSettled: () => invalidateAll(queryClient, staleAfter.changeOrder(projectId)),
  });
}
