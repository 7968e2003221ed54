import { Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  AnswerAskSchema,
  AskListQuerySchema,
  AskMessages,
  ErrorCodes,
  PostAskSchema,
  Rpc,
  type AnswerAskInput,
  type AskListQuery,
  type AskPage,
  type AskView,
  type PostAskInput,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { UuidParam } from './uuid-param.js';
import { JsonBody } from '../input/json-body.decorator.js';

const AskId = () => UuidParam(ErrorCodes.ASK_NOT_FOUND, AskMessages.notFound);

/** Asks, "Je cherche" (docs/product.md#asks): public ones for anyone, the rest for their asker. */
@Controller('api/asks')
export class AsksController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@Query(new ValidatedBody(AskListQuerySchema)) query: AskListQuery, @CurrentUser() viewer: SessionUser | undefined): Promise<AskPage> {
    return this.services.call(Rpc.donations.asks, { actor: viewer ?? null, query });
  }

  @Get('mine')
  @UseGuards(SignedInGuard)
  mine(@CurrentUser() user: SessionUser): Promise<AskView[]> {
    return this.services.call(Rpc.donations.myAsks, { actor: user });
  }

  @Post()
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  create(@JsonBody(new ValidatedBody(PostAskSchema)) ask: PostAskInput, @CurrentUser() user: SessionUser): Promise<AskView> {
    return this.services.call(Rpc.donations.postAsk, { actor: user, ask });
  }

  @Get(':id')
  get(@Param('id', AskId()) askId: string, @CurrentUser() viewer: SessionUser | undefined): Promise<AskView> {
    return this.services.call(Rpc.donations.getAsk, { actor: viewer ?? null, askId });
  }

  @Post(':id/renew')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  renew(@Param('id', AskId()) askId: string, @CurrentUser() user: SessionUser): Promise<AskView> {
    return this.services.call(Rpc.donations.renewAsk, { actor: user, askId });
  }

  @Delete(':id')
  @UseGuards(SignedInGuard)
  close(@Param('id', AskId()) askId: string, @CurrentUser() user: SessionUser): Promise<AskView> {
    return this.services.call(Rpc.donations.closeAsk, { actor: user, askId });
  }

  /** A donor offers one of their available donations to a public ask; its asker is told. */
  @Post(':id/answers')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  answer(@Param('id', AskId()) askId: string, @JsonBody(new ValidatedBody(AnswerAskSchema)) answer: AnswerAskInput, @CurrentUser() user: SessionUser): Promise<AskView> {
    return this.services.call(Rpc.donations.answerAsk, { actor: user, askId, answer });
  }
}
