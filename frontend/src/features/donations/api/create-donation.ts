import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshUserSoon } from '@/lib/auth';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';
import type { CreateDonationInput } from '@hdiya/contracts';


/** POST /api/donations → 201 with the donation; its 5 points are paid when it is given. */
export function createDonation(input: CreateDonationInput): Promise<Donation> {
  return call('POST /api/donations', { body: input });
}

export function useCreateDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDonation,
    onSuccess: (donation) => {
      queryClient.setQueryData(donationKeys.detail(donation.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationKeys.all });
      void queryClient.invalidateQueries({ queryKey: donationKeys.mine });
      return refreshUserSoon(queryClient);
    },
  });
}
