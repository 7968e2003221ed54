import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, StoredImage } from '@hdiya/contracts';
import { rows, write } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { notYours } from '../core/donation-photos.js';
import { db } from '../database/db.js';

/**
 * The photos members upload: each belongs to its uploader and to at most one donation (tied and
 * let go with the donation, `DonationPhotos`). The object store holds the bytes (written and
 * deleted by the gateway); this table decides who may use a key, and when nothing references it.
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
