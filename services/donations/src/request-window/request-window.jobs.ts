import { scheduledJobs } from '../core/scheduled-jobs.js';
import { RequestWindowService } from './request-window.service.js';

/**
 * Request windows that closed with nobody asking open to first come; closed with requests, their
 * owner is reminded to choose; a day later without a choice, the draw.
 */
export class RequestWindowJobs extends scheduledJobs(RequestWindowService, {
  'request windows': (requests) => requests.settleDue(),
  'request window reminders': (requests) => requests.remindClosedDue(),
}) {}
