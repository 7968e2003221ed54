import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DonationMessages, ErrorCodes, imageUrlOf, mediumPhotoOf, Rpc, type StoredImage, type UploadedImageView } from '@hdiya/contracts';
import type { SessionUser } from '../session/session-user.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { decodeDataUrl, mediumOf, processImage, type ProcessedImage } from './image-pipeline.js';
import { ImageStore, type StoredObject } from './image-store.js';

const STORED_URL = /^(?:https?:\/\/[^/]+)?\/api\/images\/(donations\/([0-9a-f-]{36})\.webp)$/;

/** Object keys with the middle size of each donation display photo among them: what removing them removes. */
export function withMediumPhotos(keys: string[]): string[] {
  return keys.flatMap((key) => (mediumPhotoOf(key) === key ? [key] : [key, mediumPhotoOf(key)]));
}

/** A donation's photos once stored, in order; `fresh` are those its data URLs just stored. */
export interface DonationPhotoKeys {
  images: StoredImage[];
  fresh: StoredImage[];
}

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
    return this.keep(await processImage(bytes, field), uploader);
  }

  private async keep(processed: ProcessedImage, uploader: SessionUser): Promise<StoredImage> {
    const id = randomUUID();
    const stored: StoredImage = { imageKey: `donations/${id}.webp`, thumbnailKey: `donations/${id}-thumb.webp` };
    await this.services.call(Rpc.donations.registerImage, { actor: uploader, image: stored });
    const medium = await mediumOf(processed.image);
    await Promise.all([
      this.objects.put(stored.imageKey, processed.image, processed.contentType),
      this.objects.put(mediumPhotoOf(stored.imageKey), medium, processed.contentType),
      this.objects.put(stored.thumbnailKey, processed.thumbnail, processed.contentType),
    ]);
    return stored;
  }

  /**
   * A middle size (`mediumKey`) that is not stored yet: a photo from before it existed gets it
   * made from its display photo, stored, then served as stored. Null when there is no such photo.
   */
  async mediumMadeFor(mediumKey: string): Promise<StoredObject | null> {
    const display = await this.objects.get(mediumKey.replace(/-medium\.webp$/, '.webp'));
    if (!display) return null;
    const bytes = Buffer.concat((await display.stream.toArray()) as Buffer[]);
    await this.objects.put(mediumKey, await mediumOf(bytes), display.contentType);
    return this.objects.get(mediumKey);
  }

  /**
   * A donation's photos (`photos`, decision 0044, or the older client's one `imageUrl`), in order:
   * data URLs (docs/api.md#the-older-client) or URLs our upload endpoint returned. Whether a stored
   * key is the member's to use is the donations service's check, on attaching. Every one is checked (and each data
   * URL re-encoded) before any is stored: one bad photo among five stores nothing.
   */
  async fromUrls(urls: string[], uploader: SessionUser, field: string): Promise<DonationPhotoKeys> {
    const checked: (StoredImage | ProcessedImage)[] = [];
    for (const url of urls) {
      checked.push(url.startsWith('data:') ? await processImage(decodeDataUrl(url, field), field) : await this.storedImageOf(url, field));
    }
    const images: StoredImage[] = [];
    const fresh: StoredImage[] = [];
    for (const photo of checked) {
      if ('imageKey' in photo) images.push(photo);
      else {
        const stored = await this.keep(photo, uploader);
        fresh.push(stored);
        images.push(stored);
      }
    }
    return { images, fresh };
  }

  private async storedImageOf(url: string, field: string): Promise<StoredImage> {
    const match = STORED_URL.exec(url);
    if (!match || !(await this.objects.exists(match[1]!))) {
      throw new ApiException(400, ErrorCodes.IMAGE_INVALID, DonationMessages.imageInvalid, field);
    }
    return { imageKey: match[1]!, thumbnailKey: `donations/${match[2]}-thumb.webp` };
  }

  urls(image: StoredImage): UploadedImageView {
    return { imageUrl: imageUrlOf(image.imageKey), thumbnailUrl: imageUrlOf(image.thumbnailKey) };
  }

  remove(keys: string[]): Promise<void> {
    return this.objects.remove(withMediumPhotos(keys));
  }
}
