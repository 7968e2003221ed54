import { scheduledJobs } from '../core/scheduled-jobs.js';
import { ReservationsService } from './reservations.service.js';

/**
 * The reservations' scheduled jobs: the 10-day expiry, the recovery of interrupted reservations
 * and the day-before reminder (offers from the waiting list that ran out: WaitlistJobs). All are
 * safe with several replicas (row locks with SKIP LOCKED; idempotent releases).
 */
export class ReservationJobs extends scheduledJobs(ReservationsService, {
  expiry: (reservations) => reservations.expireDue(),
  recovery: (reservations) => reservations.recoverPending(),
  reminder: (reservations) => reservations.remindDue(),
}) {}
