import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { donationKeys } from './keys';
import { refreshAfterReservationChange } from './reservation-cache';

/** GET /api/donations/:id/waitlist: the line as the session member sees it (signed-in members only). */
export function useWaitlist(donationId: number, enabled: boolean) {
  return useQuery({
    queryKey: donationKeys.waitlist(donationId),
    queryFn: () => call('GET /api/donations/{id}/waitlist', { params: { id: donationId } }),
    enabled,
  });
}

/** Join (POST) or leave / decline (DELETE); the answer is the line afterwards. */
export function useWaitlistChange(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'join' | 'leave') =>
      change === 'join' ? call('POST /api/donations/{id}/waitlist', { params: { id: donationId } }) : call('DELETE /api/donations/{id}/waitlist', { params: { id: donationId } }),
    onSuccess: (line) => queryClient.setQueryData(donationKeys.waitlist(donationId), line),
    // Declining passes the item on: the donation itself changed.
    onSettled: () => void refreshAfterReservationChange(queryClient, donationId),
  });
}

/** POST /api/donations/:id/waitlist/skip-offer: the owner passes the item offered from the line to the next. */
export function useSkipWaitlistOffer(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/donations/{id}/waitlist/skip-offer', { params: { id: donationId } }),
    onSuccess: (line) => queryClient.setQueryData(donationKeys.waitlist(donationId), line),
    // The item went to the next in line, or became available.
    onSettled: () => void refreshAfterReservationChange(queryClient, donationId),
  });
}
