import { Module } from '@nestjs/common';
import { DonationSearchService } from './donation-search.service.js';
import { DonationsHandlers } from './donations.handlers.js';
import { DonationsService } from './donations.service.js';
import { SearchReindexJobs } from './search-reindex.jobs.js';
import { SearchReindexService } from './search-reindex.service.js';

/** Publishing, editing and withdrawing donations, their moderation list, the search and its index. */
@Module({ controllers: [DonationsHandlers], providers: [DonationsService, DonationSearchService, SearchReindexService, SearchReindexJobs] })
export class DonationsModule {}
