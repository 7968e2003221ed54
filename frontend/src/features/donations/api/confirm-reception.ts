import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { refreshAfterReservationChange } from './reservation-cache';

/** POST /api/donations/:id/confirm → 200 the donation, completed (reserver only); the donor gets +5, plus the +5 for publishing it. */
export function confirmReception(id: number): Promise<Donation> {
  return call('POST /api/donations/{id}/confirm', { params: { id } });
}

export function useConfirmReception() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReception,
    onSettled: (answer, _error, id) => void refreshAfterReservationChange(queryClient, id, answer),
  });
}
