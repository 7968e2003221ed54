import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, type Actor, type StoredImage } from '@hdiya/contracts';
import { firstRow, prepared, rows, rpcError, write } from '@hdiya/platform';
import { db } from '../database/db.js';
import { removedPhotos, shownPhotos } from './photo-order.js';

export const ImageMessages = {
  notYours: "Cette photo ne vous appartient pas ou illustre déjà un autre don. Envoyez une nouvelle photo.",
} as const;

export function notYours() {
  return rpcError(403, ErrorCodes.IMAGE_NOT_YOURS, ImageMessages.notYours, 'imageUrl');
}

/** A donation's attached photos in their order: read on every view of its page, so compiled once and prepared. */
const photosOfDonation = prepared((donationId: number) =>
  db.selectFrom('images').select(['image_key as imageKey', 'thumbnail_key as thumbnailKey']).where('donation_id', '=', donationId).orderBy('position'),
);

/**
 * A donation's photos, in the donation's transaction: each the uploader's own, used by one
 * donation at most, at its position (0, the cover, … 4; decision 0044).
 */
@Injectable()
export class DonationPhotos {
  /** The photos a donation shows, in order, its cover (`donations.image_key`) first. */
  async of(manager: EntityManager, donationId: number, cover: StoredImage): Promise<StoredImage[]> {
    return shownPhotos(cover, await rows(manager, photosOfDonation(donationId)));
  }

  /**
   * Ties the actor's own, still free uploads to the donation in this order; one that is not theirs
   * (or another donation's) throws, so the transaction writes nothing. `current` are the photos it
   * already shows: among them, a cover shared before photos had owners may stay the cover.
   */
  async attach(manager: EntityManager, actor: Actor, donationId: number, images: StoredImage[], current: StoredImage[] = []): Promise<void> {
    // Positions are unique per donation: cleared first, so photos can trade places.
    await write(manager, db.updateTable('images').set({ position: null }).where('donation_id', '=', donationId));
    for (const [position, image] of images.entries()) {
      const attached = await write(
        manager,
        db
          .updateTable('images')
          .set({ donation_id: donationId, position })
          .where('image_key', '=', image.imageKey)
          .where('thumbnail_key', '=', image.thumbnailKey)
          .where('uploader_id', '=', actor.id)
          .where((eb) => eb.or([eb('donation_id', 'is', null), eb('donation_id', '=', donationId)])),
      );
      const keptLegacyCover = position === 0 && current[0]?.imageKey === image.imageKey;
      if (attached === 0 && !keptLegacyCover) throw notYours();
    }
  }

  /**
   * Sets the donation's photos to `next` (reordered, added, removed): returns the object keys of
   * the removed ones that nothing uses any more, for the gateway to delete.
   */
  async replace(manager: EntityManager, actor: Actor, donationId: number, current: StoredImage[], next: StoredImage[]): Promise<string[]> {
    const unused: string[] = [];
    for (const photo of removedPhotos(current, next)) unused.push(...(await this.detach(manager, donationId, photo)));
    await this.attach(manager, actor, donationId, next, current);
    return unused;
  }

  /** Lets go of all of a donation's photos (it is deleted); the keys nothing uses any more. */
  async detachAll(manager: EntityManager, donationId: number, photos: StoredImage[]): Promise<string[]> {
    const unused: string[] = [];
    for (const photo of photos) unused.push(...(await this.detach(manager, donationId, photo)));
    return unused;
  }

  /**
   * Lets go of one of a donation's photos. Returns the object keys to delete once nothing uses
   * them: no other donation references the key (photos shared before this table existed) and no
   * upload record claims it.
   */
  async detach(manager: EntityManager, donationId: number, image: StoredImage): Promise<string[]> {
    await write(manager, db.deleteFrom('images').where('image_key', '=', image.imageKey).where('donation_id', '=', donationId));
    const used = await firstRow(
      manager,
      db
        .selectFrom('donations')
        .select('image_key')
        .where('image_key', '=', image.imageKey)
        .where('id', '<>', donationId)
        .unionAll(db.selectFrom('images').select('image_key').where('image_key', '=', image.imageKey))
        .limit(1),
    );
    return used ? [] : [image.imageKey, image.thumbnailKey];
  }
}
