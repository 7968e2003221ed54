import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { cityOrDefault, DonationMessages, DonationRules, ErrorCodes, Events, findCity, Messages, type Actor, type CreateDonationInput, type DonationCreatedV1, type DonationDeletedV2, type DonationPage, type DonationUpdatedV1, type DonationView, type ModerationDonationView, type OpenReportView, type ReportReason, type StoredImage, type UpdateDonationInput } from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, recordModeratorAction, rows, rpcError, sql, write } from '@hdiya/platform';
import { CategoryCheck } from '../core/category-check.js';
import { DonationPhotos } from '../core/donation-photos.js';
import { assertDistinct, objectKeysOf, photosAfterEdit, photoViewsOf } from '../core/photo-order.js';
import { WaitingLine } from '../core/waiting-line.js';
import { Clock } from '../core/clock.js';
import { refuseSuspended } from '../core/member-standing.js';
import { refusal } from '../core/refusal.js';
import { closeRequests } from '../core/request-outcomes.js';
import { windowRefusal } from '../core/request-window.rules.js';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { d, DONATION_COLUMNS, donationById, donationByIdForUpdate, donationCards, donationStatusOf, publicPoint, toDonationView, type DonationRow } from '../core/donation-row.js';
import { decodeCursor, encodeCursor } from '../core/page-cursor.js';
import { pageOf } from '../core/page.js';
import { rememberWords, searchColumns } from '../core/search-index.js';

/** The cover, as the donation's own columns name it. */
const coverOf = (row: { image_key: string; thumbnail_key: string }): StoredImage => ({ imageKey: row.image_key, thumbnailKey: row.thumbnail_key });

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
    private readonly categories: CategoryCheck,
    private readonly images: DonationPhotos,
    private readonly line: WaitingLine,
    private readonly clock: Clock,
  ) {}

  /** One donation with all its photos, in order (lists carry the cover only). */
  async get(id: number): Promise<DonationView> {
    const row = await this.findRow(this.dataSource.manager, id);
    const photos = await this.images.of(this.dataSource.manager, id, coverOf(row));
    return { ...toDonationView(row), photos: photoViewsOf(photos) };
  }

  /**
   * Publishes a donation. The owner is the acting member, the reward is always 5 points
   * (`pointsValue` from a client is ignored), and the position is the device's or else the city's.
   */
  async create(actor: Actor, fields: CreateDonationInput, images: StoredImage[]): Promise<DonationView> {
    assertDistinct(images);
    const image = images[0]!;
    await this.categories.assertExists(fields.categoryId);
    const city = this.cityOf(fields.city);
    const position = this.positionOf(fields, city);
    const closesAt = this.requestWindowOf(fields);
    const id = await this.dataSource.transaction(async (manager) => {
      await refuseSuspended(manager, actor.id, this.clock.now());
      const row = await firstRow(
        manager,
        db
          .insertInto('donations')
          .values({
            title: fields.title,
            description: fields.description,
            image_key: image.imageKey,
            thumbnail_key: image.thumbnailKey,
            category_id: fields.categoryId,
            owner_id: actor.id,
            city: city.name,
            latitude: position.lat,
            longitude: position.lng,
            location: publicPoint(position.lat, position.lng),
            ...searchColumns(fields.title, fields.description, city.name),
            points_value: DonationRules.publishReward,
            allocation_mode: closesAt ? 'choose' : 'first',
            requests_close_at: closesAt,
          })
          .returning(['id', 'created_at']),
      );
      await rememberWords(manager, fields.title, fields.description, city.name);
      // Only the member's own uploads, not yet used by another donation (else nothing is written).
      await this.images.attach(manager, actor, row!.id, images);
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

  /**
   * The owner edits an available donation; `images` is the new list of photos, `image` a new
   * cover (older clients). Returns the removed photos' keys once nothing uses them.
   */
  async update(
    actor: Actor,
    id: number,
    changes: UpdateDonationInput,
    image: StoredImage | null,
    images: StoredImage[] | null = null,
  ): Promise<{ donation: DonationView; replacedImageKeys: string[] }> {
    if (images) assertDistinct(images);
    if (changes.categoryId !== undefined) await this.categories.assertExists(changes.categoryId);
    const city = changes.city !== undefined ? this.cityOf(changes.city) : null;
    const replacedImageKeys = await this.dataSource.transaction(async (manager) => {
      const row = await this.findRow(manager, id, true);
      if (row.owner_id !== actor.id) throw rpcError(403, ErrorCodes.DONATION_NOT_OWNER, NOT_OWNER);
      if (row.status !== 'available') throw rpcError(409, ErrorCodes.DONATION_NOT_EDITABLE, NOT_EDITABLE);
      // Removed photos let go before the list is attached in its new order; re-saving the same
      // photos changes nothing (even a cover shared before photos had owners).
      const current = await this.images.of(manager, id, coverOf(row));
      const next = photosAfterEdit(current, images, image);
      const unusedKeys = image || images ? await this.images.replace(manager, actor, id, current, next) : [];
      const cover = next[0]!;
      const title = changes.title ?? row.title;
      const description = changes.description ?? row.description;
      const cityName = city?.name ?? row.city;
      // A new city moves the donation to that city's centre; the exact device position is gone.
      const moved = city && city.name !== row.city ? { latitude: city.lat, longitude: city.lng, location: publicPoint(city.lat, city.lng) } : {};
      await write(
        manager,
        db
          .updateTable('donations')
          .set({
            title,
            description,
            category_id: changes.categoryId ?? row.category_id,
            city: cityName,
            image_key: cover.imageKey,
            thumbnail_key: cover.thumbnailKey,
            ...searchColumns(title, description, cityName),
            updated_at: sql<Date>`now()`,
            ...moved,
          })
          .where('id', '=', id),
      );
      await rememberWords(manager, title, description, cityName);
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

  /**
   * A moderator removes any donation, whatever its status; an open hold is released downstream.
   * The moderation log keeps who, when, why and what the donation was, in the same transaction.
   */
  async forceDelete(actor: Actor, id: number, reason: string | null = null): Promise<DeletedDonation> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    return this.remove(id, 'moderator', () => undefined, (manager, row) =>
      recordModeratorAction(manager, SCHEMA, {
        actorId: actor.id,
        action: 'donation.force_delete',
        targetType: 'donation',
        targetId: id,
        reason,
        details: { title: row.title, ownerId: row.owner_id, status: donationStatusOf(row.status) },
      }),
    );
  }

  async byOwner(ownerId: string, limit: number, cursorText?: string): Promise<DonationPage> {
    const cursor = decodeCursor(cursorText, 'time');
    let query = donationCards().select('d.created_at as sort_key').where('d.owner_id', '=', ownerId);
    if (cursor) query = query.where(sql<boolean>`(${d.ref('d.created_at')}, ${d.ref('d.id')}) < (${cursor.k}::timestamptz, ${cursor.id})`);
    const page = await rows(this.dataSource.manager, query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit + 1));
    return pageOf(page, limit);
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
    // Open reports per donation, with their comments (dismissed ones no longer count).
    const openReports = db
      .selectFrom('reports')
      .select([
        'donation_id',
        sql<number>`count(*)`.as('report_count'),
        sql<ReportReason[]>`array_agg(DISTINCT reason)`.as('reasons'),
        sql<Date>`max(created_at)`.as('last_report'),
        sql<OpenReportView[]>`json_agg(json_build_object('id', id, 'reason', reason, 'details', details,
          'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY created_at DESC, id DESC)`.as('reports'),
      ])
      .where('dismissed_at', 'is', null)
      .groupBy('donation_id')
      .as('r');
    const donations = db.selectFrom('donations as d');
    const withReports = reportedOnly ? donations.innerJoin(openReports, 'r.donation_id', 'd.id') : donations.leftJoin(openReports, 'r.donation_id', 'd.id');
    const page = await rows(
      this.dataSource.manager,
      withReports
        .select([
          ...DONATION_COLUMNS,
          sql<number>`COALESCE(r.report_count, 0)::int`.as('report_count'),
          sql<ReportReason[]>`COALESCE(r.reasons, '{}')`.as('reasons'),
          sql<OpenReportView[]>`COALESCE(r.reports, '[]')`.as('reports'),
        ])
        .orderBy(sql`COALESCE(r.report_count, 0)`, 'desc')
        .orderBy(sql`r.last_report`, (order) => order.desc().nullsLast())
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit + 1)
        .offset(offset),
    );
    const items = page.slice(0, limit).map((row) => ({
      ...toDonationView(row),
      reportCount: row.report_count,
      reportReasons: row.reasons,
      reports: row.reports,
    }));
    const last = items[items.length - 1];
    return { items, nextCursor: page.length > limit && last ? encodeCursor({ k: offset + limit, id: last.id }) : null };
  }

  private async remove(
    id: number,
    deletedBy: 'owner' | 'moderator',
    authorize: (row: DonationRow) => void,
    alsoRecord?: (manager: EntityManager, row: DonationRow) => Promise<unknown>,
  ): Promise<DeletedDonation> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.findRow(manager, id, true);
      authorize(row);
      // Before the row goes (its foreign key would unlink the photos): which objects nothing else uses.
      const photos = await this.images.of(manager, id, coverOf(row));
      const unusedKeys = await this.images.detachAll(manager, id, photos);
      await this.line.closeLine(manager, row, 'deleted', new Date());
      await closeRequests(manager, row, 'removed', null, new Date());
      await write(manager, db.deleteFrom('donations').where('id', '=', id));
      const imageKeys = objectKeysOf(photos);
      const payload: DonationDeletedV2 = {
        donationId: id,
        ownerId: row.owner_id,
        title: row.title,
        status: donationStatusOf(row.status),
        deletedBy,
        reservedById: row.reserved_by_id,
        reservationId: row.reservation_id,
        imageKeys,
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationDeleted, payload)]);
      await alsoRecord?.(manager, row);
      return { id, imageKeys: unusedKeys };
    });
  }

  /** The close of the donor's request window, checked on this service's clock; null for first come. */
  private requestWindowOf(fields: CreateDonationInput): Date | null {
    if (fields.allocation?.mode !== 'choose') return null;
    const closesAt = new Date(fields.allocation.closesAt);
    const refused = windowRefusal(closesAt, this.clock.now());
    if (refused) throw refusal(refused);
    return closesAt;
  }

  private async findRow(manager: EntityManager, id: number, lock = false): Promise<DonationRow> {
    const row = await firstRow(manager, lock ? donationByIdForUpdate(id) : donationById(id));
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
