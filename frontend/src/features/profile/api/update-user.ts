import type { UpdateProfileInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { storeSessionUser, type User } from '@/lib/auth';

/** PATCH /api/auth/user → the updated member. */
export function useUpdateUser() {
  return useApiMutation((input: UpdateProfileInput): Promise<User> => call('PATCH /api/auth/user', { body: input }), { onSuccess: storeSessionUser });
}
