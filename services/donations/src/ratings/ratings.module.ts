import { Module } from '@nestjs/common';
import { RatingCommentsService } from './rating-comments.service.js';
import { RatingModerationHandlers } from './rating-moderation.handlers.js';
import { RatingReportsService } from './rating-reports.service.js';
import { RatingStateService } from './rating-state.service.js';
import { RatingsHandlers } from './ratings.handlers.js';
import { RatingsService } from './ratings.service.js';
import { TrustRecordService } from './trust-record.service.js';

/**
 * Donor and receiver rating each other after a gift, the record that makes a member's level, and
 * the moderation of rating comments.
 */
@Module({
  controllers: [RatingsHandlers, RatingModerationHandlers],
  providers: [RatingsService, TrustRecordService, RatingStateService, RatingCommentsService, RatingReportsService],
  // The request window shows each asker's record to the donor.
  exports: [TrustRecordService],
})
export class RatingsModule {}
