import {
  Catch,
  Controller,
  Get,
  HttpCode,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { memoryStorage } from 'multer';
import { DonationMessages, DonationRules, ErrorCodes } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { ApiExceptionFilter } from '../errors/api-exception.filter.js';
import { RateLimits } from '../security/rate-limits.js';
import { DonationImages } from './donation-images.service.js';
import { imageTooLarge } from './image-pipeline.js';
import { ImageStore, type StoredObject } from './image-store.js';

const KEY = /^donations\/[0-9a-f-]{36}(-thumb|-medium)?\.webp$/;
const MEDIUM_KEY = /-medium\.webp$/;
/** One photo and nothing much else: thousands of parts or fields are refused before parsing them. */
export const MULTIPART_LIMITS = { fileSize: DonationRules.maxImageBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 };

/** Multer's size refusal, in the product's words (docs/product.md#validation). */
@Catch(PayloadTooLargeException)
export class UploadTooLargeFilter implements ExceptionFilter {
  private readonly filter = new ApiExceptionFilter();

  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    this.filter.catch(imageTooLarge('image'), host);
  }
}

@Controller('api')
export class ImagesController {
  constructor(
    private readonly images: DonationImages,
    private readonly store: ImageStore,
    private readonly limits: RateLimits,
  ) {}

  /** Multipart upload (field `image`); answers the URL to put in a donation's `imageUrl`. */
  @Post('uploads/images')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('image', { storage: memoryStorage(), limits: MULTIPART_LIMITS }))
  async upload(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: SessionUser) {
    if (!file) throw new ApiException(400, ErrorCodes.IMAGE_REQUIRED, DonationMessages.imageRequired, 'image');
    await this.limits.consumeUpload(user.id);
    return this.images.urls(await this.images.save(file.buffer, user, 'image'));
  }

  /** Keys are random and never reused, so a photo is cached for a year. */
  @Get('images/donations/:file')
  async serve(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const key = `donations/${file}`;
    let object = KEY.test(key) ? await this.store.get(key) : null;
    if (!object && MEDIUM_KEY.test(key)) object = await this.images.mediumMadeFor(key);
    if (!object) throw new ApiException(404, ErrorCodes.NOT_FOUND, 'Image introuvable.');
    sendImage(object, 'public, max-age=31536000, immutable', req, res);
  }
}

/** A stored image as the answer, with its ETag (304 when the client holds it already). */
export function sendImage(object: StoredObject, cacheControl: string, req: Request, res: Response): void {
  const etag = `"${object.etag}"`;
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    object.stream.destroy();
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', object.contentType);
  res.setHeader('Content-Length', String(object.size));
  object.stream.pipe(res);
}
