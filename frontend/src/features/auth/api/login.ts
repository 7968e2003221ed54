import type { LoginInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { storeSessionUser, type User } from '@/lib/auth';

/** POST /api/login → 200 with the member; the gateway sets the session cookie. */
export function useLogin() {
  return useApiMutation((input: LoginInput): Promise<User> => call('POST /api/login', { body: input }), { onSuccess: storeSessionUser });
}
