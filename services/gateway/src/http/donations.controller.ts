import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards, type PipeTransform } from '@nestjs/common';
import type { Response } from 'express';
import {
  CreateDonationSchema,
  donationForViewer,
  DonationMessages,
  ErrorCodes,
  imageUrlOf,
  parseSerialId,
  PositionQuerySchema,
  RateDonationSchema,
  ReportDonationSchema,
  Rpc,
  SearchDonationsQuerySchema,
  UpdateDonationSchema,
  type CreateDonationInput,
  type DonationView,
  type PositionQuery,
  type RateDonationInput,
  type ReportDonationInput,
  type SearchDonationsQuery,
  type StoredImage,
  type UpdateDonationInput,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { DonationImages } from '../images/donation-images.service.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { sendPage } from './pagination.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** The photos a body names, in order: `photos`, else the older single `imageUrl`; none for an edit keeping them. */
function photosOf(body: { imageUrl?: string; photos?: string[] }): { urls: string[]; field: 'photos' | 'imageUrl' } | null {
  if (body.photos) return { urls: body.photos, field: 'photos' };
  return body.imageUrl !== undefined ? { urls: [body.imageUrl], field: 'imageUrl' } : null;
}

/** The body as the service sees it: stored URLs (short), never inline data URLs (megabytes on NATS). */
function withStoredPhotos<T extends { imageUrl?: string; photos?: string[] }>(body: T, field: 'photos' | 'imageUrl', images: StoredImage[]): T {
  const urls = images.map((image) => imageUrlOf(image.imageKey));
  return field === 'photos' ? { ...body, imageUrl: undefined, photos: urls } : { ...body, imageUrl: urls[0] };
}

/** Every object key of these photos: each display photo and its thumbnail. */
const objectKeysOf = (images: StoredImage[]) => images.flatMap((image) => [image.imageKey, image.thumbnailKey]);

/** `/api/donations/{id}`: anything but a serial id (1 … 2^31−1) names no donation. */
export const DonationId = (): PipeTransform<string, number> => ({
  transform(value: string): number {
    const id = parseSerialId(value);
    if (id === null) throw new ApiException(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    return id;
  },
});

@Controller('api/donations')
export class DonationsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly images: DonationImages,
    private readonly limits: RateLimits,
  ) {}

  @Get()
  async search(
    @Query(new ValidatedBody(SearchDonationsQuerySchema)) query: SearchDonationsQuery,
    @CurrentUser() viewer: SessionUser | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const page = await this.services.call(Rpc.donations.search, query);
    return sendPage(res, { ...page, items: page.items.map((d) => donationForViewer(d, viewer)) });
  }

  @Get('nearby')
  async nearby(@Query(new ValidatedBody(PositionQuerySchema)) query: PositionQuery, @CurrentUser() viewer: SessionUser | undefined): Promise<DonationView[]> {
    return (await this.services.call(Rpc.donations.nearby, query)).map((d) => donationForViewer(d, viewer));
  }

  /** Up to 8 available donations, newest first, in the whole country (home without a position). */
  @Get('recent')
  async recent(@CurrentUser() viewer: SessionUser | undefined): Promise<DonationView[]> {
    return (await this.services.call(Rpc.donations.recent, {})).map((d) => donationForViewer(d, viewer));
  }

  @Get(':id')
  async get(@Param('id', DonationId()) id: number, @CurrentUser() viewer: SessionUser | undefined): Promise<DonationView> {
    const donation = donationForViewer(await this.services.call(Rpc.donations.get, { donationId: id }), viewer);
    // Its donor and receiver, once it is given, see whether they rated it and until when they may.
    const party = viewer !== undefined && (viewer.id === donation.userId || viewer.id === donation.reservedById);
    if (!party || donation.status !== 'completed') return donation;
    const rating = await this.services.call(Rpc.donations.ratingState, { actor: viewer, donationId: id });
    return rating ? { ...donation, ...rating } : donation;
  }

  /** The owner is the session member; `userId` and `pointsValue` from the body are ignored. */
  @Post()
  @UseGuards(SignedInGuard)
  async create(@JsonBody(new ValidatedBody(CreateDonationSchema)) fields: CreateDonationInput, @CurrentUser() user: SessionUser): Promise<DonationView> {
    const sent = photosOf(fields)!;
    await this.consumeUploads(user, sent.urls);
    const { images, fresh } = await this.images.fromUrls(sent.urls, user, sent.field);
    try {
      return await this.services.call(Rpc.donations.create, { actor: user, fields: withStoredPhotos(fields, sent.field, images), images });
    } catch (error) {
      await this.images.remove(objectKeysOf(fresh));
      throw error;
    }
  }

  @Patch(':id')
  @UseGuards(SignedInGuard)
  async update(
    @Param('id', DonationId()) id: number,
    @JsonBody(new ValidatedBody(UpdateDonationSchema)) changes: UpdateDonationInput,
    @CurrentUser() user: SessionUser,
  ): Promise<DonationView> {
    const sent = photosOf(changes);
    if (sent) await this.consumeUploads(user, sent.urls);
    const { images, fresh } = sent ? await this.images.fromUrls(sent.urls, user, sent.field) : { images: [], fresh: [] };
    let result: { donation: DonationView; replacedImageKeys: string[] };
    try {
      result = await this.services.call(Rpc.donations.update, {
        actor: user,
        donationId: id,
        changes: sent ? withStoredPhotos(changes, sent.field, images) : changes,
        // `photos` is the whole new list; the older `imageUrl` alone, a new cover.
        ...(sent?.field === 'photos' ? { images } : { image: images[0] ?? null }),
      });
    } catch (error) {
      await this.images.remove(objectKeysOf(fresh));
      throw error;
    }
    // Only keys no donation references any more: the donations service decides.
    await this.images.remove(result.replacedImageKeys);
    return result.donation;
  }

  /** Each photo sent inline is an upload; a donation naming uploaded photos counts as one. */
  private async consumeUploads(user: SessionUser, urls: string[]): Promise<void> {
    const inline = urls.filter((url) => url.startsWith('data:')).length;
    for (let i = 0; i < Math.max(1, inline); i++) await this.limits.consumeUpload(user.id);
  }

  @Delete(':id')
  @UseGuards(SignedInGuard)
  async delete(@Param('id', DonationId()) id: number, @CurrentUser() user: SessionUser) {
    const deleted = await this.services.call(Rpc.donations.delete, { actor: user, donationId: id });
    await this.images.remove(deleted.imageKeys);
    return { id: deleted.id, deleted: true };
  }

  /** A member flags a donation (commercial content is forbidden, docs/product.md#reports). */
  @Post(':id/reports')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  report(
    @Param('id', DonationId()) id: number,
    @JsonBody(new ValidatedBody(ReportDonationSchema)) report: ReportDonationInput,
    @CurrentUser() user: SessionUser,
  ) {
    return this.services.call(Rpc.donations.report, { actor: user, donationId: id, report });
  }

  /** Donor or receiver rates the other after the gift (docs/product.md#ratings). */
  @Post(':id/ratings')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  rate(
    @Param('id', DonationId()) id: number,
    @JsonBody(new ValidatedBody(RateDonationSchema)) rating: RateDonationInput,
    @CurrentUser() user: SessionUser,
  ) {
    return this.services.call(Rpc.donations.rate, { actor: user, donationId: id, rating });
  }
}
