import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DonationMessages, ErrorCodes, imageUrlOf, type StoredImage } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { decodeDataUrl, processImage } from './image-pipeline.js';
import { ImageStore } from './image-store.js';

const STORED_URL = /^(?:https?:\/\/[^/]+)?\/api\/images\/(donations\/([0-9a-f-]{36})\.webp)$/;

/** Turns what a client sent as a donation photo into stored image keys. */
@Injectable()
export class DonationImages {
  constructor(private readonly objects: ImageStore) {}

  /** A new upload: checked, re-encoded and stored under fresh random keys. */
  async save(bytes: Buffer, field = 'imageUrl'): Promise<StoredImage> {
    const processed = await processImage(bytes, field);
    const id = randomUUID();
    const stored: StoredImage = { imageKey: `donations/${id}.webp`, thumbnailKey: `donations/${id}-thumb.webp` };
    await Promise.all([
      this.objects.put(stored.imageKey, processed.image, processed.contentType),
      this.objects.put(stored.thumbnailKey, processed.thumbnail, processed.contentType),
    ]);
    return stored;
  }

  /** `imageUrl` as the spec's client sends it (a data URL) or as our upload endpoint returned it. */
  async fromImageUrl(imageUrl: string): Promise<StoredImage> {
    if (imageUrl.startsWith('data:')) return this.save(decodeDataUrl(imageUrl));
    const match = STORED_URL.exec(imageUrl);
    if (!match || !(await this.objects.exists(match[1]!))) {
      throw new ApiException(400, ErrorCodes.IMAGE_INVALID, DonationMessages.imageInvalid, 'imageUrl');
    }
    return { imageKey: match[1]!, thumbnailKey: `donations/${match[2]}-thumb.webp` };
  }

  urls(image: StoredImage): { imageUrl: string; thumbnailUrl: string } {
    return { imageUrl: imageUrlOf(image.imageKey), thumbnailUrl: imageUrlOf(image.thumbnailKey) };
  }

  remove(keys: string[]): Promise<void> {
    return this.objects.remove(keys);
  }
}
