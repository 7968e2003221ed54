import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DonationMessages, ErrorCodes, imageUrlOf, Rpc, type StoredImage, type UploadedImageView } from '@hdiya/contracts';
import type { SessionUser } from '../session/session-user.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { decodeDataUrl, processImage } from './image-pipeline.js';
import { ImageStore } from './image-store.js';

const STORED_URL = /^(?:https?:\/\/[^/]+)?\/api\/images\/(donations\/([0-9a-f-]{36})\.webp)$/;

/** Turns what a client sent as a donation photo into stored image keys. */
@Injectable()
export class DonationImages {
  constructor(
    private readonly objects: ImageStore,
    private readonly services: ServiceClient,
  ) {}

  /**
   * A new upload: checked, re-encoded, recorded as the uploader's (before the bytes are stored,
   * so no object is ever unknown to the donations service) and stored under fresh random keys.
   */
  async save(bytes: Buffer, uploader: SessionUser, field = 'imageUrl'): Promise<StoredImage> {
    const processed = await processImage(bytes, field);
    const id = randomUUID();
    const stored: StoredImage = { imageKey: `donations/${id}.webp`, thumbnailKey: `donations/${id}-thumb.webp` };
    await this.services.call(Rpc.donations.registerImage, { actor: uploader, image: stored });
    await Promise.all([
      this.objects.put(stored.imageKey, processed.image, processed.contentType),
      this.objects.put(stored.thumbnailKey, processed.thumbnail, processed.contentType),
    ]);
    return stored;
  }

  /**
   * `imageUrl` as the older client sends it (a data URL, docs/api.md#the-older-client) or as our upload endpoint returned it.
   * Whether a stored key is the member's to use is the donations service's check, on attaching.
   */
  async fromImageUrl(imageUrl: string, uploader: SessionUser): Promise<StoredImage> {
    if (imageUrl.startsWith('data:')) return this.save(decodeDataUrl(imageUrl), uploader);
    const match = STORED_URL.exec(imageUrl);
    if (!match || !(await this.objects.exists(match[1]!))) {
      throw new ApiException(400, ErrorCodes.IMAGE_INVALID, DonationMessages.imageInvalid, 'imageUrl');
    }
    return { imageKey: match[1]!, thumbnailKey: `donations/${match[2]}-thumb.webp` };
  }

  urls(image: StoredImage): UploadedImageView {
    return { imageUrl: imageUrlOf(image.imageKey), thumbnailUrl: imageUrlOf(image.thumbnailKey) };
  }

  remove(keys: string[]): Promise<void> {
    return this.objects.remove(keys);
  }
}
