import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { ResetPasswordInput } from '@hdiya/contracts';

/** POST /api/reset-password → 200 `{ message }`; the member's sessions end everywhere. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return call('POST /api/reset-password', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
