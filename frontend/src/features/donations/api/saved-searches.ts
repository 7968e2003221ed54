import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';

const savedSearchesKey = ['user', 'saved-searches'] as const;

/** GET /api/saved-searches: the member's saved searches, oldest first. */
export function useSavedSearches(enabled = true) {
  return useQuery({ queryKey: savedSearchesKey, queryFn: () => call('GET /api/saved-searches'), enabled });
}

export type SavedSearchBody = Omit<SavedSearchInput, 'query'> & { query: string };

/** POST (new), PATCH (edit) or DELETE a saved search; the list is refetched after each. */
export function useSavedSearchChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { create: SavedSearchBody } | { update: string; body: SavedSearchBody } | { remove: string }): Promise<unknown> => {
      if ('create' in change) return call('POST /api/saved-searches', { body: change.create });
      if ('update' in change) return call('PATCH /api/saved-searches/{id}', { params: { id: change.update }, body: change.body });
      return call('DELETE /api/saved-searches/{id}', { params: { id: change.remove } });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
