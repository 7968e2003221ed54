import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { donationKeys } from './keys';
import { refreshAfterReservationChange } from './reservation-cache';

/** GET /api/donations/:id/handover: the reserver's code, or the tries the donor has left. */
export function useHandover(donationId: number, enabled: boolean) {
  return useQuery({ queryKey: donationKeys.handover(donationId), queryFn: () => call('GET /api/donations/{id}/handover', { params: { id: donationId } }), enabled });
}

/** POST /api/donations/:id/handover {code}: the donor confirms the handover with the reserver's code. */
export function useConfirmHandover(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('POST /api/donations/{id}/handover', { params: { id: donationId }, body: { code } }),
    onSettled: (answer) => {
      void queryClient.invalidateQueries({ queryKey: donationKeys.handover(donationId) });
      void refreshAfterReservationChange(queryClient, donationId, answer);
    },
  });
}
