import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ConversationQuerySchema,
  ConversationReadSchema,
  Rpc,
  SendMessageSchema,
  type ConversationQuery,
  type ConversationRead,
  type ConversationView,
  type MessageMemberView,
  type MessageView,
  type SendMessageInput,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { MemberId } from '../input/member-id.pipe.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** Messages between members (docs/product.md#messaging): the session member is always one of the two. */
@Controller('api')
@UseGuards(SignedInGuard)
export class MessagesController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimits,
  ) {}

  /** Answers once the message is stored: what the sender sees as sent is never lost. */
  @Post('messages')
  async send(@JsonBody(new ValidatedBody(SendMessageSchema)) message: SendMessageInput, @CurrentUser() user: SessionUser): Promise<MessageView> {
    await this.limits.consumeMessage(user.id);
    return this.services.call(Rpc.messaging.send, { senderId: user.id, message });
  }

  @Get('messages')
  inbox(@CurrentUser() user: SessionUser): Promise<MessageView[]> {
    return this.services.call(Rpc.messaging.inbox, { userId: user.id });
  }

  /** Reading changes nothing: the web app says what the member saw with the POST below. */
  @Get('messages/conversation/:userId')
  conversation(
    @Param('userId', MemberId()) otherId: string,
    @Query(new ValidatedBody(ConversationQuerySchema)) query: ConversationQuery,
    @CurrentUser() user: SessionUser,
  ): Promise<MessageView[]> {
    return this.services.call(Rpc.messaging.conversation, { userId: user.id, otherId, query });
  }

  /** The member saw the conversation: what they received in it is read, and the sender is told. */
  @Post('messages/conversation/:userId/read')
  @HttpCode(200)
  markRead(
    @Param('userId', MemberId()) otherId: string,
    @JsonBody(new ValidatedBody(ConversationReadSchema)) read: ConversationRead,
    @CurrentUser() user: SessionUser,
  ): Promise<{ updated: number }> {
    return this.services.call(Rpc.messaging.readConversation, { userId: user.id, otherId, read });
  }

  @Get('conversations')
  conversations(@CurrentUser() user: SessionUser): Promise<ConversationView[]> {
    return this.services.call(Rpc.messaging.conversations, { userId: user.id });
  }

  @Get('blocks')
  blocked(@CurrentUser() user: SessionUser): Promise<MessageMemberView[]> {
    return this.services.call(Rpc.messaging.blocked, { userId: user.id });
  }

  @Put('blocks/:userId')
  block(@Param('userId', MemberId()) otherId: string, @CurrentUser() user: SessionUser) {
    return this.services.call(Rpc.messaging.block, { userId: user.id, otherId });
  }

  @Delete('blocks/:userId')
  unblock(@Param('userId', MemberId()) otherId: string, @CurrentUser() user: SessionUser) {
    return this.services.call(Rpc.messaging.unblock, { userId: user.id, otherId });
  }
}
