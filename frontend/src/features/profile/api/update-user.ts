import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { userQueryOptions, type User } from '@/lib/auth';
import type { UpdateProfileInput } from '@hdiya/contracts';


/** PATCH /api/auth/user → the updated member. */
export function updateUser(input: UpdateProfileInput): Promise<User> {
  return call('PATCH /api/auth/user', { body: input });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      if (user?.id) queryClient.setQueryData(userQueryOptions.queryKey, user);
      return queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
