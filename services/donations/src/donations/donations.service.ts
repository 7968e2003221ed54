import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { cityOrDefault, DonationMessages, DonationRules, ErrorCodes, Events, findCity, Messages, type Actor, type CreateDonationInput, type DonationCreatedV1, type DonationDeletedV2, type DonationPage, type DonationUpdatedV1, type DonationView, type ModerationDonationView, type OpenReportView, type ReportReason, type StoredImage, type UpdateDonationInput } from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { CategoriesService } from '../categories/categories.service.js';
import { WaitlistService } from '../waitlist/waitlist.service.js';
import { ImagesService } from '../images/images.service.js';
import { SCHEMA } from '../config.js';
import { DONATION_COLUMNS, DONATION_FROM, PUBLIC_POINT, toDonationView, type DonationRow } from './donation-row.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { pageOf } from './donation-search.service.js';
import { searchDocument } from './search-text.js';

const NOT_OWNER = "Seul le donateur peut modifier ou supprimer ce don.";
const NOT_EDITABLE = 'Ce don ne peut plus être modifié : il est réservé ou terminé.';
const NOT_DELETABLE = 'Ce don ne peut plus être supprimé : il est réservé ou terminé.';

export interface DeletedDonation {
  id: number;
  /** The photo object keys no donation references any more: the gateway deletes them. */
  imageKeys: string[];
}

@Injectable()
export class DonationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly categories: CategoriesService,
    private readonly images: ImagesService,
    private readonly waitlist: WaitlistService,
  ) {}

  async get(id: number): Promise<DonationView> {
    return toDonationView(await this.findRow(this.dataSource.manager, id));
  }

  /**
   * Publishes a donation. The owner is the acting member, the reward is always 5 points
   * (`pointsValue` from a client is ignored), and the position is the device's or else the city's.
   */
  async create(actor: Actor, fields: CreateDonationInput, image: StoredImage): Promise<DonationView> {
    await this.categories.assertExists(fields.categoryId);
    const city = this.cityOf(fields.city);
    const position = this.positionOf(fields, city);
    const id = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO "${SCHEMA}"."donations"
           ("title", "description", "image_key", "thumbnail_key", "category_id", "owner_id", "city",
            "latitude", "longitude", "location", "search_text", "points_value")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${PUBLIC_POINT('$8', '$9')}, $10, $11)
         RETURNING "id", "created_at"`,
        [
          fields.title,
          fields.description,
          image.imageKey,
          image.thumbnailKey,
          fields.categoryId,
          actor.id,
          city.name,
          position.lat,
          position.lng,
          searchDocument(fields.title, fields.description, city.name),
          DonationRules.publishReward,
        ],
      )) as { id: number; created_at: Date }[];
      // Only the member's own upload, not yet used by another donation (else nothing is written).
      await this.images.attach(manager, actor, row!.id, image);
      const payload: DonationCreatedV1 = {
        donationId: row!.id,
        ownerId: actor.id,
        title: fields.title,
        categoryId: fields.categoryId,
        city: city.name,
        createdAt: row!.created_at.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationCreated, payload)]);
      return row!.id;
    });
    return this.get(id);
  }

  /** The owner edits an available donation; returns the replaced photo's keys once nothing uses them. */
  async update(
    actor: Actor,
    id: number,
    changes: UpdateDonationInput,
    image: StoredImage | null,
  ): Promise<{ donation: DonationView; replacedImageKeys: string[] }> {
    if (changes.categoryId !== undefined) await this.categories.assertExists(changes.categoryId);
    const city = changes.city !== undefined ? this.cityOf(changes.city) : null;
    const replacedImageKeys = await this.dataSource.transaction(async (manager) => {
      const row = await this.findRow(manager, id, true);
      if (row.owner_id !== actor.id) throw rpcError(403, ErrorCodes.DONATION_NOT_OWNER, NOT_OWNER);
      if (row.status !== 'available') throw rpcError(409, ErrorCodes.DONATION_NOT_EDITABLE, NOT_EDITABLE);
      // One photo per donation: the old one lets go before the new one is attached.
      const newPhoto = image !== null && image.imageKey !== row.image_key;
      const unusedKeys = newPhoto ? await this.images.detach(manager, id, { imageKey: row.image_key, thumbnailKey: row.thumbnail_key }) : [];
      // Re-saving the current photo changes nothing (even one shared before photos had owners).
      if (newPhoto && image) await this.images.attach(manager, actor, id, image);
      const title = changes.title ?? row.title;
      const description = changes.description ?? row.description;
      const cityName = city?.name ?? row.city;
      // A new city moves the donation to that city's centre; the exact device position is gone.
      await manager.query(
        `UPDATE "${SCHEMA}"."donations" SET "title" = $2, "description" = $3, "category_id" = $4, "city" = $5,
           "image_key" = $6, "thumbnail_key" = $7, "search_text" = $8, "updated_at" = now()
           ${city && city.name !== row.city ? `, "latitude" = $9, "longitude" = $10, "location" = ${PUBLIC_POINT('$9', '$10')}` : ''}
         WHERE "id" = $1`,
        [
          id,
          title,
          description,
          changes.categoryId ?? row.category_id,
          cityName,
          image?.imageKey ?? row.image_key,
          image?.thumbnailKey ?? row.thumbnail_key,
          searchDocument(title, description, cityName),
          ...(city && city.name !== row.city ? [city.lat, city.lng] : []),
        ],
      );
      const payload: DonationUpdatedV1 = {
        donationId: id,
        ownerId: row.owner_id,
        title,
        categoryId: changes.categoryId ?? row.category_id,
        city: cityName,
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationUpdated, payload)]);
      return unusedKeys;
    });
    return { donation: await this.get(id), replacedImageKeys };
  }

  /**
   * The owner withdraws a donation nobody holds: available, or offered to the next in line with
   * no acceptance under way (reserved without a reservation); that offer ends and its member is
   * told, with everyone waiting (decision 0020).
   */
  async delete(actor: Actor, id: number): Promise<DeletedDonation> {
    return this.remove(id, 'owner', (row) => {
      if (row.owner_id !== actor.id) throw rpcError(403, ErrorCodes.DONATION_NOT_OWNER, NOT_OWNER);
      const offeredOnly = row.status === 'reserved' && row.reservation_id === null;
      if (row.status !== 'available' && !offeredOnly) throw rpcError(409, ErrorCodes.DONATION_NOT_DELETABLE, NOT_DELETABLE);
    });
  }

  /** A moderator removes any donation, whatever its status; an open hold is released downstream. */
  async forceDelete(actor: Actor, id: number): Promise<DeletedDonation> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    return this.remove(id, 'moderator', () => undefined);
  }

  async byOwner(ownerId: string, limit: number, cursorText?: string): Promise<DonationPage> {
    const params: unknown[] = [ownerId];
    let keyset = '';
    const cursor = decodeCursor(cursorText, 'time');
    if (cursor) {
      params.push(cursor.k, cursor.id);
      keyset = `AND (d.created_at, d.id) < ($2::timestamptz, $3)`;
    }
    params.push(limit + 1);
    const rows = await this.dataSource.query(
      `SELECT ${DONATION_COLUMNS}, d.created_at AS sort_key FROM ${DONATION_FROM}
       WHERE d.owner_id = $1 ${keyset} ORDER BY d.created_at DESC, d.id DESC LIMIT $${params.length}`,
      params,
    );
    return pageOf(rows, limit);
  }

  /**
   * Everything, donations with open reports first (most first), for moderators; with `reportedOnly`
   * just those. Dismissed reports no longer count; the open ones come with their comments.
   */
  async moderationList(
    actor: Actor,
    limit: number,
    cursorText?: string,
    reportedOnly = false,
  ): Promise<DonationPage<Omit<ModerationDonationView, 'ownerEmail'>>> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    const cursor = decodeCursor(cursorText, 'number');
    const offset = cursor ? Number(cursor.k) : 0;
    const rows = (await this.dataSource.query(
      `SELECT ${DONATION_COLUMNS}, COALESCE(r.report_count, 0)::int AS report_count, COALESCE(r.reasons, '{}') AS reasons,
              COALESCE(r.reports, '[]') AS reports
       FROM ${DONATION_FROM}
       ${reportedOnly ? '' : 'LEFT'} JOIN (
         SELECT donation_id, count(*) AS report_count, array_agg(DISTINCT reason) AS reasons, max(created_at) AS last_report,
                json_agg(json_build_object('id', id, 'reason', reason, 'details', details,
                  'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY created_at DESC, id DESC) AS reports
         FROM "${SCHEMA}"."reports" WHERE dismissed_at IS NULL GROUP BY donation_id) r ON r.donation_id = d.id
       ORDER BY COALESCE(r.report_count, 0) DESC, r.last_report DESC NULLS LAST, d.created_at DESC, d.id DESC
       LIMIT $1 OFFSET $2`,
      [limit + 1, offset],
    )) as (DonationRow & { report_count: number; reasons: ReportReason[]; reports: OpenReportView[] })[];
    const items = rows.slice(0, limit).map((row) => ({
      ...toDonationView(row),
      reportCount: row.report_count,
      reportReasons: row.reasons,
      reports: row.reports,
    }));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor({ k: offset + limit, id: last.id }) : null };
  }

  private async remove(id: number, deletedBy: 'owner' | 'moderator', authorize: (row: DonationRow) => void): Promise<DeletedDonation> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.findRow(manager, id, true);
      authorize(row);
      // Before the row goes (its foreign key would unlink the photo): which objects nothing else uses.
      const unusedKeys = await this.images.detach(manager, id, { imageKey: row.image_key, thumbnailKey: row.thumbnail_key });
      await this.waitlist.closeLine(manager, row, 'deleted', new Date());
      await manager.query(`DELETE FROM "${SCHEMA}"."donations" WHERE "id" = $1`, [id]);
      const imageKeys = [row.image_key, row.thumbnail_key];
      const payload: DonationDeletedV2 = {
        donationId: id,
        ownerId: row.owner_id,
        title: row.title,
        status: row.status,
        deletedBy,
        reservedById: row.reserved_by_id,
        reservationId: row.reservation_id,
        imageKeys,
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationDeleted, payload)]);
      return { id, imageKeys: unusedKeys };
    });
  }

  private async findRow(manager: EntityManager, id: number, lock = false): Promise<DonationRow> {
    // Lock only the donation row: the members side of the join is read-only here.
    const [row] = (await manager.query(
      `SELECT ${DONATION_COLUMNS} FROM ${DONATION_FROM} WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`,
      [id],
    )) as DonationRow[];
    if (!row) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    return row;
  }

  private cityOf(name: string) {
    const city = findCity(name);
    if (!city) throw rpcError(400, ErrorCodes.CITY_NOT_FOUND, DonationMessages.cityUnknown, 'city');
    return city;
  }

  private positionOf(fields: { latitude?: number | null; longitude?: number | null }, city: ReturnType<typeof cityOrDefault>) {
    const hasLat = fields.latitude !== undefined && fields.latitude !== null;
    const hasLng = fields.longitude !== undefined && fields.longitude !== null;
    if (hasLat !== hasLng) {
      throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.bothCoordinates, hasLat ? 'longitude' : 'latitude');
    }
    return hasLat ? { lat: fields.latitude!, lng: fields.longitude! } : { lat: city.lat, lng: city.lng };
  }
}
