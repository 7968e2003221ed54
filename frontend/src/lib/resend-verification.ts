import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/verify-email/resend → a new link to the member's address (rate-limited per member). */
export function resendVerification(): Promise<{ sent: boolean; message: string }> {
  return call('POST /api/verify-email/resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
