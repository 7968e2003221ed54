import { Controller, Get, HttpCode, Param, Post, Req, Res, UploadedFile, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { memoryStorage } from 'multer';
import { randomUUID } from 'node:crypto';
import {
  chatPhotoUrlOf,
  ErrorCodes,
  MessagingMessages,
  MessagingRules,
  Rpc,
  SendPhotoMessageSchema,
  type ChatPhotoKeys,
  type MessageView,
  type SendPhotoMessageInput,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { processImage } from '../images/image-pipeline.js';
import { ImageStore } from '../images/image-store.js';
import { MULTIPART_LIMITS, sendImage, UploadTooLargeFilter } from '../images/images.controller.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** The photo and a message's four fields; a caption of 2,000 characters may take 4 bytes each. */
const PHOTO_MESSAGE_LIMITS = { ...MULTIPART_LIMITS, fieldSize: MessagingRules.contentMaxLength * 4 };
const FILE = /^[0-9a-f-]{36}(-thumb)?\.webp$/;

/**
 * Photos in chat (decision 0045): the donation photos' pipeline, stored under the private
 * `chats/` prefix, served only to the two members of the conversation.
 */
@Controller('api')
@UseGuards(SignedInGuard)
export class ChatPhotosController {
  constructor(
    private readonly services: ServiceClient,
    private readonly store: ImageStore,
    private readonly limits: RateLimits,
  ) {}

  /**
   * Checked, re-encoded, then registered with the messaging service (which refuses it as it would
   * the message: blocked, unknown member or donation) before its bytes are stored; then sent. A
   * refusal stores nothing; a crash between the steps leaves a record the sweep deletes with its
   * objects (`UnattachedImagesSweep`).
   */
  @Post('messages/photo')
  @HttpCode(201)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('image', { storage: memoryStorage(), limits: PHOTO_MESSAGE_LIMITS }))
  async send(
    @UploadedFile() file: Express.Multer.File | undefined,
    @JsonBody(new ValidatedBody(SendPhotoMessageSchema)) message: SendPhotoMessageInput,
    @CurrentUser() user: SessionUser,
  ): Promise<MessageView> {
    if (!file) throw new ApiException(400, ErrorCodes.IMAGE_REQUIRED, MessagingMessages.photoRequired, 'image');
    await this.limits.consumeUpload(user.id);
    await this.limits.consumeMessage(user.id);
    const processed = await processImage(file.buffer, 'image');
    const id = randomUUID();
    const photo: ChatPhotoKeys = { imageKey: `chats/${id}.webp`, thumbnailKey: `chats/${id}-thumb.webp` };
    const request = { senderId: user.id, message, photo };
    const { replay } = await this.services.call(Rpc.messaging.registerPhoto, request);
    if (replay) return replay;
    await Promise.all([
      this.store.put(photo.imageKey, processed.image, processed.contentType),
      this.store.put(photo.thumbnailKey, processed.thumbnail, processed.contentType),
    ]);
    let sent: MessageView;
    try {
      sent = await this.services.call(Rpc.messaging.sendPhoto, request);
    } catch (error) {
      // Refused between the two steps (a block meanwhile): its objects go now, its record with the sweep.
      // An answer lost in a timeout may still have been stored: then the sweep keeps them (no record left).
      if (error instanceof ApiException && error.getStatus() < 500) await this.store.remove([photo.imageKey, photo.thumbnailKey]);
      throw error;
    }
    // A parallel retry of the same clientId stored its own copy of the photo first.
    if (sent.photo?.url !== chatPhotoUrlOf(photo.imageKey)) await this.store.remove([photo.imageKey, photo.thumbnailKey]);
    return sent;
  }

  /** Only the sender and the receiver of the message holding the photo; anyone else gets a 404, as for no photo. */
  @Get('messages/photos/:file')
  async serve(@Param('file') file: string, @CurrentUser() user: SessionUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const key = `chats/${file}`;
    const allowed = FILE.test(file) && (await this.services.call(Rpc.messaging.photoAccess, { userId: user.id, key })).allowed;
    const object = allowed ? await this.store.get(key) : null;
    if (!object) throw new ApiException(404, ErrorCodes.NOT_FOUND, 'Photo introuvable.');
    // Keys are never reused, but the photo is the two members' only: no shared cache may keep it.
    sendImage(object, 'private, max-age=31536000, immutable', req, res);
  }
}
