import { Controller, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ContactSchema, Rpc, type ContactInput } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';
import { requestLanguage } from './request-language.js';

@Controller('api/contact')
export class ContactController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimits,
  ) {}

  @Post()
  async send(
    @JsonBody(new ValidatedBody(ContactSchema)) input: ContactInput,
    @CurrentUser() user: SessionUser | undefined,
    @Req() req: Request,
  ): Promise<{ id: string; message: string }> {
    await this.limits.consumeForm(req.ip ?? 'unknown');
    // Replies are mailed in the sender's language: a member's own (the users service knows it), else the page's.
    const { id } = await this.services.call(Rpc.users.contact, { ...input, userId: user?.id ?? null, language: requestLanguage(req) });
    return { id, message: 'Nous vous répondrons dans les plus brefs délais.' };
  }
}
