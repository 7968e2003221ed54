import { Module } from '@nestjs/common';
import { DonationSearchService } from './donation-search.service.js';
import { DonationsHandlers } from './donations.handlers.js';
import { DonationsService } from './donations.service.js';

/** Publishing, editing and withdrawing donations, their moderation list, and the search. */
@Module({ controllers: [DonationsHandlers], providers: [DonationsService, DonationSearchService] })
export class DonationsModule {}
