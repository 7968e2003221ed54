import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { userQueryOptions, type User } from '@/lib/auth';
import type { SignupInput } from '@hdiya/contracts';

export type { SignupInput };


/** POST /api/signup → 201 with the member, already signed in by the gateway. */
export function signup(input: SignupInput): Promise<User> {
  return call('POST /api/signup', { body: input });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => {
      if (user?.id) queryClient.setQueryData(userQueryOptions.queryKey, user);
      return queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
