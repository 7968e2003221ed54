import { WaitlistRules } from '@hdiya/contracts';

/** When an offer made now runs out. */
export function offerExpiryOf(now: Date): Date {
  return new Date(now.getTime() + WaitlistRules.offerHours * 60 * 60 * 1000);
}
