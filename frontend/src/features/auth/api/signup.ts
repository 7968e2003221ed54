import type { SignupInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { storeSessionUser, type User } from '@/lib/auth';

export type { SignupInput };

/** POST /api/signup → 201 with the member, already signed in by the gateway. */
export function useSignup() {
  return useApiMutation((input: SignupInput): Promise<User> => call('POST /api/signup', { body: input }), { onSuccess: storeSessionUser });
}
