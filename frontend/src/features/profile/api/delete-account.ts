import type { AccountDeletedView, DeleteAccountInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { forgetLastMember, userQueryKey } from '@/lib/auth';

/** DELETE /api/auth/user: the account is gone at once; this device forgets the member. */
export function useDeleteAccount() {
  return useApiMutation((input: DeleteAccountInput): Promise<AccountDeletedView> => call('DELETE /api/auth/user', { body: input }), {
    onSuccess: (queryClient) => {
      forgetLastMember();
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}
