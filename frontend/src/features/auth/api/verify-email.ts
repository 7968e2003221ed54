import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/auth';

/** POST /api/verify-email → 200 once the address the link was sent to is verified. */
export function verifyEmail(token: string): Promise<{ message: string; emailVerified: true }> {
  return call('POST /api/verify-email', { body: { token } });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
