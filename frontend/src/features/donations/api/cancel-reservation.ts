import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { refreshAfterReservationChange } from './reservation-cache';

/**
 * POST /api/donations/:id/cancel → 200 the donation, available again (reserver or donor); the
 * reserver's 2 points come back a moment later.
 */
export function cancelReservation(id: number): Promise<Donation> {
  return call('POST /api/donations/{id}/cancel', { params: { id } });
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSettled: (answer, _error, id) => void refreshAfterReservationChange(queryClient, id, answer),
  });
}
