import type { CreateDonationInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshUserSoon } from '@/lib/auth';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';

/** POST /api/donations → 201 with the donation; its 5 points are paid when it is given. */
export function useCreateDonation() {
  return useApiMutation((input: CreateDonationInput): Promise<Donation> => call('POST /api/donations', { body: input }), {
    onSuccess: (queryClient, donation) => {
      queryClient.setQueryData(donationKeys.detail(donation.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationKeys.all });
      void queryClient.invalidateQueries({ queryKey: donationKeys.mine });
      return refreshUserSoon(queryClient);
    },
  });
}
