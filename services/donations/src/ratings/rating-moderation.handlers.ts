import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { RatingCommentsService } from './rating-comments.service.js';
import { RatingReportsService } from './rating-reports.service.js';
import { RatingStateService } from './rating-state.service.js';

/** The rating form's state, the comments a profile shows, and their moderation. */
@Controller()
export class RatingModerationHandlers {
  constructor(
    private readonly states: RatingStateService,
    private readonly comments: RatingCommentsService,
    private readonly reports: RatingReportsService,
  ) {}

  @RpcHandler(Rpc.donations.ratingState)
  state(input: RpcRequest<'donations.ratings.state'>) {
    return this.states.state(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.ratingComments)
  recentComments(input: RpcRequest<'donations.ratings.comments'>) {
    return this.comments.recent(input.userId);
  }

  @RpcHandler(Rpc.donations.reportRating)
  report(input: RpcRequest<'donations.ratings.report'>) {
    return this.reports.report(input.actor, input.ratingId, input.report);
  }

  @RpcHandler(Rpc.donations.reportedRatings)
  reported(input: RpcRequest<'donations.ratings.reported'>) {
    return this.reports.reported(input.actor);
  }

  @RpcHandler(Rpc.donations.dismissRatingReports)
  dismiss(input: RpcRequest<'donations.ratings.reports.dismiss'>) {
    return this.reports.dismiss(input.actor, input.ratingId);
  }

  @RpcHandler(Rpc.donations.removeRatingComment)
  removeComment(input: RpcRequest<'donations.ratings.comment.remove'>) {
    return this.reports.removeComment(input.actor, input.ratingId);
  }
}
