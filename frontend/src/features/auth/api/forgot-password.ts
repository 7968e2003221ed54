import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { ForgotPasswordInput } from '@hdiya/contracts';


/** POST /api/forgot-password → 200 `{ message }` (the same answer whether or not the address exists). */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return call('POST /api/forgot-password', { body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
