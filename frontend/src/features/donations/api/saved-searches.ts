import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchInput, SavedSearchView } from '@hdiya/contracts';
import { api } from '@/lib/api-client';

const savedSearchesKey = ['user', 'saved-searches'] as const;

/** GET /api/saved-searches: the member's saved searches, oldest first. */
export function useSavedSearches(enabled = true) {
  return useQuery({ queryKey: savedSearchesKey, queryFn: () => api.get<SavedSearchView[]>('/api/saved-searches'), enabled });
}

export type SavedSearchBody = Omit<SavedSearchInput, 'query'> & { query: string };

/** POST (new), PATCH (edit) or DELETE a saved search; the list is refetched after each. */
export function useSavedSearchChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { create: SavedSearchBody } | { update: string; body: SavedSearchBody } | { remove: string }): Promise<unknown> => {
      if ('create' in change) return api.post<SavedSearchView>('/api/saved-searches', change.create);
      if ('update' in change) return api.patch<SavedSearchView>(`/api/saved-searches/${change.update}`, change.body);
      return api.delete<{ deleted: true }>(`/api/saved-searches/${change.remove}`);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
