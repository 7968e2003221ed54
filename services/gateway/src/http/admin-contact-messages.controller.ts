import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  ContactReplySchema,
  ErrorCodes,
  PageQuerySchema,
  Rpc,
  SupportInboxMessages,
  type ContactMessageView,
  type ContactReplyInput,
  type PageQuery,
} from '@hdiya/contracts';
import { AdminGuard } from '../session/admin.guard.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { ServiceClient } from '../rpc/service-client.js';
import { JsonBody } from '../input/json-body.decorator.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { sendPage } from './pagination.js';
import { UuidParam } from './uuid-param.js';

/** The support inbox (docs/product.md#support-inbox); the users service checks the role again. */
@Controller('api/admin/contact-messages')
@UseGuards(AdminGuard)
export class AdminContactMessagesController {
  constructor(private readonly services: ServiceClient) {}

  /** Unanswered first, then the newest, each with its replies. */
  @Get()
  async list(
    @Query(new ValidatedBody(PageQuerySchema)) page: PageQuery,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContactMessageView[]> {
    return sendPage(res, await this.services.call(Rpc.users.contactMessages, { actor: user, page }));
  }

  /** The reply is stored, mailed to the sender in their language and logged, in one transaction. */
  @Post(':id/reply')
  @HttpCode(200)
  reply(
    @Param('id', UuidParam(ErrorCodes.CONTACT_MESSAGE_NOT_FOUND, SupportInboxMessages.notFound)) id: string,
    @JsonBody(new ValidatedBody(ContactReplySchema)) reply: ContactReplyInput,
    @CurrentUser() user: SessionUser,
  ): Promise<ContactMessageView> {
    return this.services.call(Rpc.users.replyToContact, { actor: user, contactMessageId: id, reply });
  }
}
