import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** What a mutation brings up to date in the caches, from the query client, the answer and what was sent. */
type Refresh<TData, TVariables> = (queryClient: QueryClient, data: TData, variables: TVariables) => unknown;

/**
 * A mutation of one API call (usually a typed `call()` of the route map) and the caches it
 * refreshes: `onSuccess` once the call succeeded, `onSettled` whatever came of it (no answer on a
 * failure). A refresh that returns a promise keeps the mutation pending until it settles; one that
 * must not hold the caller (its toast, a card the refetch unmounts) returns nothing.
 */
export function useApiMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: { onSuccess?: Refresh<TData, TVariables>; onSettled?: Refresh<TData | undefined, TVariables> },
) {
  const queryClient = useQueryClient();
  const { onSuccess, onSettled } = refresh;
  return useMutation({
    mutationFn,
    onSuccess: onSuccess && ((data: TData, variables: TVariables) => onSuccess(queryClient, data, variables)),
    onSettled: onSettled && ((data: TData | undefined, _error: unknown, variables: TVariables) => onSettled(queryClient, data, variables)),
  });
}
