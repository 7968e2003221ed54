import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { userQueryOptions, type User } from '@/lib/auth';
import type { LoginInput } from '@hdiya/contracts';


/** POST /api/login → 200 with the member; the gateway sets the session cookie. */
export function login(input: LoginInput): Promise<User> {
  return call('POST /api/login', { body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      if (user?.id) queryClient.setQueryData(userQueryOptions.queryKey, user);
      return queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
