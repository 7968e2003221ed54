import { scheduledJobs } from '../core/scheduled-jobs.js';
import { SearchReindexService } from './search-reindex.service.js';

/** Donations indexed before the current search version are rebuilt, once a second after start and then on the jobs' interval. */
export class SearchReindexJobs extends scheduledJobs(SearchReindexService, {
  'search re-indexing': (search) => search.reindexStale(),
}) {}
