import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskListQuery, AskPage, PostAskInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';

export const askKeys = {
  all: ['asks'] as const,
  nearby: (query: Omit<AskListQuery, 'cursor'>) => ['asks', 'nearby', query] as const,
  mine: ['asks', 'mine'] as const,
  one: (id: string) => ['asks', 'one', id] as const,
  matches: (donationId: number) => ['asks', 'matches', donationId] as const,
};

/** GET /api/asks: open public asks near a place, a page at a time. */
export function useNearbyAsks(query: Omit<AskListQuery, 'cursor'>) {
  return useInfiniteQuery({
    queryKey: askKeys.nearby(query),
    queryFn: ({ pageParam, signal }): Promise<AskPage> => call('GET /api/asks', { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useMyAsks(enabled: boolean) {
  return useQuery({ queryKey: askKeys.mine, queryFn: () => call('GET /api/asks/mine'), enabled });
}

export function useAsk(id: string | null) {
  return useQuery({ queryKey: askKeys.one(id ?? ''), queryFn: () => call('GET /api/asks/{id}', { params: { id: id! } }), enabled: id !== null });
}

/** Publish, renew or close one's ask; every list of asks is refetched after. */
export function useAskChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { post: PostAskInput } | { renew: string } | { close: string }): Promise<unknown> => {
      if ('post' in change) return call('POST /api/asks', { body: change.post });
      if ('renew' in change) return call('POST /api/asks/{id}/renew', { params: { id: change.renew } });
      return call('DELETE /api/asks/{id}', { params: { id: change.close } });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: askKeys.all }),
  });
}

/** POST /api/asks/{id}/answers: a donation just published, offered to the public ask it answers. */
export function answerAsk(askId: string, donationId: number) {
  return call('POST /api/asks/{id}/answers', { params: { id: askId }, body: { donationId } });
}

/** The owner's view of who nearby asked for their donation, unnamed. */
export function useAskMatches(donationId: number) {
  return useQuery({ queryKey: askKeys.matches(donationId), queryFn: () => call('GET /api/donations/{id}/ask-matches', { params: { id: donationId } }) });
}

export function useOfferToAsk(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) => call('POST /api/donations/{id}/ask-matches/{matchId}/offer', { params: { id: donationId, matchId } }),
    onSuccess: (view) => queryClient.setQueryData(askKeys.matches(donationId), view),
  });
}
