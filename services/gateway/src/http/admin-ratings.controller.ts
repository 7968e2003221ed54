import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { Rpc, type ModerationRatingView, type RatingModerationResult } from '@hdiya/contracts';
import { AdminGuard } from '../session/admin.guard.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RatingId } from '../input/rating-id.pipe.js';

/** Moderation of rating comments (docs/product.md#rating-comments); the services check the role again. */
@Controller('api/admin/ratings')
@UseGuards(AdminGuard)
export class AdminRatingsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  reported(@CurrentUser() user: SessionUser): Promise<ModerationRatingView[]> {
    return this.services.call(Rpc.donations.reportedRatings, { actor: user });
  }

  /** The comment is fine: its open reports are dismissed (who and when kept). */
  @Post(':id/reports/dismiss')
  @HttpCode(200)
  dismiss(@Param('id', RatingId()) id: number, @CurrentUser() user: SessionUser): Promise<RatingModerationResult> {
    return this.services.call(Rpc.donations.dismissRatingReports, { actor: user, ratingId: id });
  }

  /** The comment goes (who and when kept); the rating stays in the member's record. */
  @Post(':id/comment/remove')
  @HttpCode(200)
  remove(@Param('id', RatingId()) id: number, @CurrentUser() user: SessionUser): Promise<RatingModerationResult> {
    return this.services.call(Rpc.donations.removeRatingComment, { actor: user, ratingId: id });
  }
}
