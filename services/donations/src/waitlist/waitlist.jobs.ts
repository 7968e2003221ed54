import { scheduledJobs } from '../core/scheduled-jobs.js';
import { WaitlistService } from './waitlist.service.js';

/** Offers from the waiting list nobody answered in time pass to the next in line, on the reservations' interval. */
export class WaitlistJobs extends scheduledJobs(WaitlistService, {
  'waiting-list offers': (waitlist) => waitlist.lapseDueOffers(),
}) {}
