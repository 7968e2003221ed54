import { scheduledJobs } from '../core/scheduled-jobs.js';
import { RequestsService } from './requests.service.js';

/**
 * Request windows that closed with nobody asking open to first come; closed with requests, their
 * owner is reminded to choose; a day later without a choice, the draw.
 */
export class RequestJobs extends scheduledJobs(RequestsService, {
  'request windows': (requests) => requests.settleDue(),
  'request window reminders': (requests) => requests.remindClosedDue(),
}) {}
