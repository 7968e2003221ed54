import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ReportRatingSchema, Rpc, type ReportRatingInput } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { RatingId } from '../input/rating-id.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

@Controller('api/ratings')
export class RatingsController {
  constructor(private readonly services: ServiceClient) {}

  /** A member flags a rating's comment for moderators (docs/product.md#rating-comments). */
  @Post(':id/reports')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  report(@Param('id', RatingId()) id: number, @JsonBody(new ValidatedBody(ReportRatingSchema)) report: ReportRatingInput, @CurrentUser() user: SessionUser) {
    return this.services.call(Rpc.donations.reportRating, { actor: user, ratingId: id, report });
  }
}
