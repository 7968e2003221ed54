import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, type Actor, type StoredImage } from '@hdiya/contracts';
import { firstRow, rpcError, write } from '@hdiya/platform';
import { db } from '../database/db.js';

export const ImageMessages = {
  notYours: "Cette photo ne vous appartient pas ou illustre déjà un autre don. Envoyez une nouvelle photo.",
} as const;

export function notYours() {
  return rpcError(403, ErrorCodes.IMAGE_NOT_YOURS, ImageMessages.notYours, 'imageUrl');
}

/** A donation's photo, in the donation's transaction: the uploader's own, used by one donation at most. */
@Injectable()
export class DonationPhotos {
  /** Ties the actor's own, still free upload to the donation (in the donation's transaction). */
  async attach(manager: EntityManager, actor: Actor, donationId: number, image: StoredImage): Promise<void> {
    const attached = await write(
      manager,
      db
        .updateTable('images')
        .set({ donation_id: donationId })
        .where('image_key', '=', image.imageKey)
        .where('thumbnail_key', '=', image.thumbnailKey)
        .where('uploader_id', '=', actor.id)
        .where((eb) => eb.or([eb('donation_id', 'is', null), eb('donation_id', '=', donationId)])),
    );
    if (attached === 0) throw notYours();
  }

  /**
   * Lets go of a donation's photo (deleted, or replaced). Returns the object keys to delete once
   * nothing uses them: no other donation references the key (photos shared before this table
   * existed) and no upload record claims it.
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
