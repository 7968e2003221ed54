import { Module } from '@nestjs/common';
import { WaitlistHandlers } from './waitlist.handlers.js';
import { WaitlistJobs } from './waitlist.jobs.js';
import { WaitlistService } from './waitlist.service.js';

/** The waiting list of a reserved donation, as its members use it. */
@Module({ controllers: [WaitlistHandlers], providers: [WaitlistService, WaitlistJobs] })
export class WaitlistModule {}
