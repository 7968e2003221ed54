import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, type Actor, type StoredImage } from '@hdiya/contracts';
import { firstRow, rows, rpcError, write } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { db } from '../database/db.js';

export const ImageMessages = {
  notYours: "Cette photo ne vous appartient pas ou illustre déjà un autre don. Envoyez une nouvelle photo.",
} as const;

/**
 * The photos members upload: each belongs to its uploader and to at most one donation. The
 * object store holds the bytes (written and deleted by the gateway); this table decides who may
 * use a key, and when nothing references it any more.
 */
@Injectable()
export class ImagesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
  ) {}

  /** Records a fresh upload before its bytes are stored, so no stored object is ever unknown here. */
  async register(actor: Actor, image: StoredImage): Promise<{ registered: true }> {
    const inserted = await write(
      this.dataSource.manager,
      db
        .insertInto('images')
        .values({ image_key: image.imageKey, thumbnail_key: image.thumbnailKey, uploader_id: actor.id })
        .onConflict((conflict) => conflict.doNothing()),
    );
    if (inserted === 0) throw notYours();
    return { registered: true };
  }

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

  /**
   * Uploads never attached within IMAGE_UNATTACHED_TTL_MS: their records go, and their keys are
   * returned for the gateway to delete. SKIP LOCKED lets several gateways sweep side by side.
   */
  async sweepUnattached(limit: number, now = new Date()): Promise<string[]> {
    const swept = await rows(
      this.dataSource.manager,
      db
        .deleteFrom('images')
        .where('image_key', 'in', (eb) =>
          eb
            .selectFrom('images as i')
            .select('i.image_key')
            .where('i.donation_id', 'is', null)
            .where('i.created_at', '<', new Date(now.getTime() - this.config.IMAGE_UNATTACHED_TTL_MS))
            .where((not) => not.not(not.exists(not.selectFrom('donations as d').select('d.id').whereRef('d.image_key', '=', 'i.image_key'))))
            .orderBy('i.created_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['image_key', 'thumbnail_key']),
    );
    return swept.flatMap((r) => [r.image_key, r.thumbnail_key]);
  }
}

function notYours() {
  return rpcError(403, ErrorCodes.IMAGE_NOT_YOURS, ImageMessages.notYours, 'imageUrl');
}
