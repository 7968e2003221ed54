import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { userQueryOptions } from '@/lib/auth';

/** POST /api/verify-email → 200 once the address the link was sent to is verified. */
export function useVerifyEmail() {
  return useApiMutation((token: string): Promise<{ message: string; emailVerified: true }> => call('POST /api/verify-email', { body: { token } }), {
    onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
