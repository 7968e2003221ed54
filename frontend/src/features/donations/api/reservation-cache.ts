import type { QueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshUserSoon } from '@/lib/auth';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';

/**
 * After reserve, confirm or cancel (whatever the outcome: a refusal may mean the item changed
 * under us): show the answer at once, then refetch the donation, every list that shows its status,
 * the member's reservations and the member (points held, refunded or earned follow by events).
 */
export function refreshAfterReservationChange(queryClient: QueryClient, id: number, answer?: Donation): Promise<void> {
  if (answer) queryClient.setQueryData(donationKeys.detail(id), answer);
  void queryClient.invalidateQueries({ queryKey: donationKeys.all });
  void queryClient.invalidateQueries({ queryKey: donationKeys.mine });
  void queryClient.invalidateQueries({ queryKey: donationKeys.favorites });
  void queryClient.invalidateQueries({ queryKey: donationKeys.reservations });
  return refreshUserSoon(queryClient);
}

/** A call that changes a donation's reservation (its id in, the donation out), then the refresh above. */
export function useReservationChange(change: (id: number) => Promise<Donation>) {
  return useApiMutation(change, {
    // Not awaited: the caller's toast must not wait for the refetches.
    onSettled: (queryClient, answer, id) => void refreshAfterReservationChange(queryClient, id, answer),
  });
}
