import { Controller, Get, HttpCode, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  ErrorCodes,
  NotificationDeliveryMessages,
  Rpc,
  UnsubscribeSchema,
  UpdateNotificationPreferencesSchema,
  type NotificationPreferenceView,
  type UnsubscribeResult,
  type UpdateNotificationPreferencesInput,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** The token of an unsubscribe link, from the URL (RFC 8058 POSTs to the header's URL) or a JSON body. */
function tokenOf(query: unknown, body: unknown): string {
  const candidate = (query as { token?: unknown } | undefined)?.token ?? (body as { token?: unknown } | undefined)?.token;
  const parsed = UnsubscribeSchema.safeParse({ token: candidate });
  if (!parsed.success) throw new ApiException(400, ErrorCodes.UNSUBSCRIBE_LINK_INVALID, NotificationDeliveryMessages.unsubscribeInvalid, 'token');
  return parsed.data.token;
}

/** What reaches a member who is away (decision 0027): their choices, and the mails' one-click unsubscribe. */
@Controller('api')
export class NotificationDeliveryController {
  constructor(private readonly services: ServiceClient) {}

  /** Each kind that may reach the member while away, by e-mail and by push (on unless they said otherwise). */
  @Get('notification-preferences')
  @UseGuards(SignedInGuard)
  preferences(@CurrentUser() user: SessionUser): Promise<NotificationPreferenceView[]> {
    return this.services.call(Rpc.messaging.notificationPreferences, { userId: user.id });
  }

  @Put('notification-preferences')
  @UseGuards(SignedInGuard)
  update(
    @JsonBody(new ValidatedBody(UpdateNotificationPreferencesSchema)) body: UpdateNotificationPreferencesInput,
    @CurrentUser() user: SessionUser,
  ): Promise<NotificationPreferenceView[]> {
    return this.services.call(Rpc.messaging.updateNotificationPreferences, { userId: user.id, preferences: body.preferences });
  }

  /**
   * One-click unsubscribe (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to the
   * header's URL, without a session or an Origin; the signed token alone says what stops.
   */
  @Post('unsubscribe')
  @HttpCode(200)
  unsubscribe(@Query() query: unknown, @JsonBody() body: unknown): Promise<UnsubscribeResult> {
    return this.services.call(Rpc.messaging.unsubscribe, { token: tokenOf(query, body) });
  }

  /** A person who follows the link: the web app's page asks them to confirm (a GET changes nothing, link checkers follow it). */
  @Get('unsubscribe')
  confirmPage(@Query() query: unknown, @Res() res: Response): void {
    const token = (query as { token?: unknown }).token;
    res.redirect(303, typeof token === 'string' ? `/unsubscribe?token=${encodeURIComponent(token)}` : '/unsubscribe');
  }
}
