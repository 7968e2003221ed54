import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { donationKeys } from './keys';
import { refreshAfterReservationChange } from './reservation-cache';

const requestsKey = (id: number) => [...donationKeys.detail(id), 'requests'] as const;

/** GET /api/donations/:id/requests: every asker (the owner) or one's own request (anyone else). */
export function useDonationRequests(donationId: number, enabled: boolean) {
  return useQuery({
    queryKey: requestsKey(donationId),
    queryFn: () => call('GET /api/donations/{id}/requests', { params: { id: donationId } }),
    enabled,
  });
}

/** Ask with a message (POST) or withdraw (DELETE); the answer is the window afterwards. */
export function useRequestChange(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { ask: string } | 'withdraw') =>
      change === 'withdraw'
        ? call('DELETE /api/donations/{id}/requests', { params: { id: donationId } })
        : call('POST /api/donations/{id}/requests', { params: { id: donationId }, body: { message: change.ask } }),
    onSuccess: (window) => queryClient.setQueryData(requestsKey(donationId), window),
  });
}

/** The owner chooses an asker: the item is reserved for them. */
export function useChooseRequest(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call('POST /api/donations/{id}/requests/{requestId}/choose', { params: { id: donationId, requestId } }),
    onSuccess: (window) => queryClient.setQueryData(requestsKey(donationId), window),
    onSettled: () => void refreshAfterReservationChange(queryClient, donationId),
  });
}
