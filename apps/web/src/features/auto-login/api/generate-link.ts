import { useMutation } from '@tanstack/react-query';
import type {
  GenerateAutoLoginAnswer,
  GenerateAutoLoginInput,
} from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { api } from '../../../lib/api-client.ts';

export function generateAutoLoginLink(input: GenerateAutoLoginInput) {
  return api.post<GenerateAutoLoginAnswer>('/auto-login/generate', input);
}

/** Makes a vendor's link to one RFQ (it revokes their earlier link to it). */
export function useGenerateAutoLoginLink() {
  return useMutation({ mutationFn: generateAutoLoginLink });
}
