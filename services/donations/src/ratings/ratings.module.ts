import { Module } from '@nestjs/common';
import { RatingsHandlers } from './ratings.handlers.js';
import { RatingsService } from './ratings.service.js';
import { TrustRecordService } from './trust-record.service.js';

/** Donor and receiver rating each other after a gift, and the record that makes a member's level. */
@Module({ controllers: [RatingsHandlers], providers: [RatingsService, TrustRecordService] })
export class RatingsModule {}
