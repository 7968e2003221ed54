import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { SessionModule } from '../session/session.module.js';
import { AdminController } from './admin.controller.js';
import { AdminMembersController } from './admin-members.controller.js';
import { AdminRatingsController } from './admin-ratings.controller.js';
import { AdminAuditLogController } from './admin-audit-log.controller.js';
import { AdminContactMessagesController } from './admin-contact-messages.controller.js';
import { AsksController } from './asks.controller.js';
import { DonationAskMatchesController } from './donation-ask-matches.controller.js';
import { CatalogueController } from './catalogue.controller.js';
import { ChatPhotosController } from './chat-photos.controller.js';
import { ContactController } from './contact.controller.js';
import { DocsController } from './docs.controller.js';
import { DonationRequestsController } from './donation-requests.controller.js';
import { DonationsController } from './donations.controller.js';
import { FailedMailsController } from './failed-mails.controller.js';
import { HealthController } from './health.controller.js';
import { ReadyController } from './ready.controller.js';
import { MemberExportController } from './member-export.controller.js';
import { MemberListsController } from './member-lists.controller.js';
import { MemberModerationViews } from './member-moderation-views.js';
import { MemberReportsController } from './member-reports.controller.js';
import { MessagesController } from './messages.controller.js';
import { NotificationDeliveryController } from './notification-delivery.controller.js';
import { NotificationsController } from './notifications.controller.js';
import { PointsController } from './points.controller.js';
import { PushController } from './push.controller.js';
import { RatingsController } from './ratings.controller.js';
import { ReservationsController } from './reservations.controller.js';
import { SavedSearchesController } from './saved-searches.controller.js';
import { UsersController } from './users.controller.js';
import { WaitlistController } from './waitlist.controller.js';

/** The REST API over the services: thin controllers that check the input and ask a service. */
@Module({
  imports: [SessionModule, ImagesModule],
  // Nest matches routes in this order (as it did when they were the app module's).
  controllers: [
    UsersController,
    MemberReportsController,
    ContactController,
    HealthController,
    ReadyController,
    CatalogueController,
    DonationsController,
    WaitlistController,
    DonationRequestsController,
    DonationAskMatchesController,
    AsksController,
    SavedSearchesController,
    MemberListsController,
    MemberExportController,
    ReservationsController,
    PointsController,
    AdminController,
    AdminRatingsController,
    AdminMembersController,
    AdminAuditLogController,
    AdminContactMessagesController,
    RatingsController,
    FailedMailsController,
    MessagesController,
    ChatPhotosController,
    NotificationsController,
    NotificationDeliveryController,
    PushController,
    DocsController,
  ],
  providers: [MemberModerationViews],
})
export class HttpModule {}
