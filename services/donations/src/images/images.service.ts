import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, type Actor, type StoredImage } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { SCHEMA } from '../config.js';

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
    const inserted = (await this.dataSource.query(
      `INSERT INTO "${SCHEMA}"."images" ("image_key", "thumbnail_key", "uploader_id") VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING "image_key"`,
      [image.imageKey, image.thumbnailKey, actor.id],
    )) as unknown[];
    if (inserted.length === 0) throw notYours();
    return { registered: true };
  }

  /** Ties the actor's own, still free upload to the donation (in the donation's transaction). */
  async attach(manager: EntityManager, actor: Actor, donationId: number, image: StoredImage): Promise<void> {
    // TypeORM answers an UPDATE or DELETE as [rows, affected count].
    const [, attached] = (await manager.query(
      `UPDATE "${SCHEMA}"."images" SET "donation_id" = $1
       WHERE "image_key" = $2 AND "thumbnail_key" = $3 AND "uploader_id" = $4 AND ("donation_id" IS NULL OR "donation_id" = $1)
       RETURNING "image_key"`,
      [donationId, image.imageKey, image.thumbnailKey, actor.id],
    )) as [unknown[], number];
    if (attached === 0) throw notYours();
  }

  /**
   * Lets go of a donation's photo (deleted, or replaced). Returns the object keys to delete once
   * nothing uses them: no other donation references the key (photos shared before this table
   * existed) and no upload record claims it.
   */
  async detach(manager: EntityManager, donationId: number, image: StoredImage): Promise<string[]> {
    await manager.query(`DELETE FROM "${SCHEMA}"."images" WHERE "image_key" = $1 AND "donation_id" = $2`, [image.imageKey, donationId]);
    const [used] = (await manager.query(
      `SELECT 1 FROM "${SCHEMA}"."donations" WHERE "image_key" = $1 AND "id" <> $2
       UNION ALL SELECT 1 FROM "${SCHEMA}"."images" WHERE "image_key" = $1 LIMIT 1`,
      [image.imageKey, donationId],
    )) as unknown[];
    return used ? [] : [image.imageKey, image.thumbnailKey];
  }

  /**
   * Uploads never attached within IMAGE_UNATTACHED_TTL_MS: their records go, and their keys are
   * returned for the gateway to delete. SKIP LOCKED lets several gateways sweep side by side.
   */
  async sweepUnattached(limit: number, now = new Date()): Promise<string[]> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM "${SCHEMA}"."images" WHERE "image_key" IN (
         SELECT i."image_key" FROM "${SCHEMA}"."images" i
         WHERE i."donation_id" IS NULL AND i."created_at" < $1
           AND NOT EXISTS (SELECT 1 FROM "${SCHEMA}"."donations" d WHERE d."image_key" = i."image_key")
         ORDER BY i."created_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING "image_key", "thumbnail_key"`,
      [new Date(now.getTime() - this.config.IMAGE_UNATTACHED_TTL_MS), limit],
    )) as [{ image_key: string; thumbnail_key: string }[], number];
    return rows.flatMap((r) => [r.image_key, r.thumbnail_key]);
  }
}

function notYours() {
  return rpcError(403, ErrorCodes.IMAGE_NOT_YOURS, ImageMessages.notYours, 'imageUrl');
}
