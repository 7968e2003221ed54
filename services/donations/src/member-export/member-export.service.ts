import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MemberExportPage } from '@hdiya/contracts';
import { byPosition, exportPage, rows, type ExportSource } from '@hdiya/platform';
import { db } from '../database/db.js';

/** A row's dates as ISO strings, so the file reads the same whatever the driver returns. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/**
 * The member's part of "Télécharger mes données" (issue 47): what they gave, reserved, asked for,
 * waited for, kept, searched, rated and reported, each as a file of the export, and the keys of
 * their donations' photos, a page at a time (the lists in a fixed order, read by position).
 * Positions are theirs (their own donations, asks and searches); other members appear by id
 * only, as their names belong to them.
 */
@Injectable()
export class MemberExportService {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the member's part, from `cursor` on (MemberExportPage). */
  page(userId: string, cursor?: string): Promise<MemberExportPage> {
    return exportPage(this.sources(userId), cursor);
  }

  private sources(userId: string): ExportSource[] {
    const manager = this.dataSource.manager;
    return [
      {
        name: 'donations.json',
        list: byPosition(async (offset, limit) => {
          const donations = await rows(
            manager,
            db
              .selectFrom('donations')
              .select(['id', 'title', 'description', 'category_id', 'city', 'latitude', 'longitude', 'status', 'allocation_mode', 'created_at', 'updated_at', 'confirmed_at'])
              .where('owner_id', '=', userId)
              .orderBy('id')
              .offset(offset)
              .limit(limit),
          );
          const photos =
            donations.length === 0
              ? []
              : await rows(
                  manager,
                  db
                    .selectFrom('images')
                    .select(['donation_id', 'image_key'])
                    .where('donation_id', '=', (eb) => eb.fn.any(eb.val(donations.map((d) => d.id))))
                    .orderBy('donation_id')
                    .orderBy('position'),
                );
          return donations.map((d) => ({ ...plain(d), photos: photos.filter((p) => p.donation_id === d.id).map((p) => `photos/${p.image_key}`) }));
        }),
      },
      {
        name: 'reservations.json',
        list: byPosition(async (offset, limit) =>
          (
            await rows(
              manager,
              db
                .selectFrom('reservations as r')
                .innerJoin('donations as d', 'd.id', 'r.donation_id')
                .select(['r.id', 'r.donation_id', 'd.title', 'r.reserver_id', 'r.owner_id', 'r.state', 'r.reserved_at', 'r.expires_at', 'r.closed_at', 'r.cancelled_by'])
                .where((eb) => eb.or([eb('r.reserver_id', '=', userId), eb('r.owner_id', '=', userId)]))
                .orderBy('r.reserved_at')
                .orderBy('r.id')
                .offset(offset)
                .limit(limit),
            )
          ).map((r) => ({ ...plain(r), role: r.reserver_id === userId ? 'reserver' : 'owner' })),
        ),
      },
      {
        name: 'requests.json',
        list: byPosition(async (offset, limit) =>
          (
            await rows(
              manager,
              db.selectFrom('donation_requests').select(['id', 'donation_id', 'message', 'state', 'created_at', 'closed_at']).where('member_id', '=', userId).orderBy('created_at').orderBy('id').offset(offset).limit(limit),
            )
          ).map(plain),
        ),
      },
      {
        name: 'waiting-lists.json',
        list: byPosition(async (offset, limit) =>
          (
            await rows(
              manager,
              db.selectFrom('waitlist_entries').select(['id', 'donation_id', 'state', 'joined_at', 'offered_at', 'closed_at']).where('member_id', '=', userId).orderBy('joined_at').orderBy('id').offset(offset).limit(limit),
            )
          ).map(plain),
        ),
      },
      {
        name: 'asks.json',
        list: byPosition(async (offset, limit) =>
          (
            await rows(
              manager,
              db
                .selectFrom('asks')
                .select(['id', 'title', 'category_id', 'city', 'radius_m', 'visibility', 'created_at', 'expires_at', 'closed_at'])
                .where('member_id', '=', userId)
                .orderBy('created_at')
                .orderBy('id')
                .offset(offset)
                .limit(limit),
            )
          ).map(plain),
        ),
      },
      {
        name: 'favourites.json',
        list: byPosition(async (offset, limit) =>
          (await rows(manager, db.selectFrom('favorites').select(['donation_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').orderBy('donation_id').offset(offset).limit(limit))).map(plain),
        ),
      },
      {
        name: 'saved-searches.json',
        list: byPosition(async (offset, limit) =>
          (
            await rows(
              manager,
              db
                .selectFrom('saved_searches')
                .select(['id', 'query', 'category_id', 'city', 'radius_m', 'created_at', 'updated_at'])
                .where('member_id', '=', userId)
                .orderBy('created_at')
                .orderBy('id')
                .offset(offset)
                .limit(limit),
            )
          ).map(plain),
        ),
      },
      {
        // Two lists in one object, bounded by the gifts a member took part in.
        name: 'ratings.json',
        whole: async () => {
          const ratings = await rows(
            manager,
            db
              .selectFrom('ratings')
              .select(['id', 'donation_id', 'rater_id', 'rated_id', 'value', 'reason', 'comment', 'comment_removed_at', 'verified', 'created_at'])
              .where((eb) => eb.or([eb('rater_id', '=', userId), eb('rated_id', '=', userId)]))
              .orderBy('created_at'),
          );
          return {
            given: ratings.filter((r) => r.rater_id === userId).map(plain),
            received: ratings.filter((r) => r.rated_id === userId).map(({ rater_id: _rater, ...r }) => plain(r)),
          };
        },
      },
      {
        name: 'reports.json',
        whole: async () => {
          const [reports, ratingReports] = await Promise.all([
            rows(manager, db.selectFrom('reports').select(['id', 'donation_id', 'reason', 'details', 'created_at', 'dismissed_at']).where('reporter_id', '=', userId).orderBy('created_at')),
            rows(
              manager,
              db.selectFrom('rating_reports').select(['id', 'rating_id', 'reason', 'details', 'created_at', 'closed_at', 'outcome']).where('reporter_id', '=', userId).orderBy('created_at'),
            ),
          ]);
          return { donations: reports.map(plain), ratings: ratingReports.map(plain) };
        },
      },
      {
        photos: byPosition(async (offset, limit) =>
          (
            await rows(
              manager,
              db
                .selectFrom('images as i')
                .innerJoin('donations as d', 'd.id', 'i.donation_id')
                .select(['i.image_key'])
                .where('d.owner_id', '=', userId)
                .orderBy('i.donation_id')
                .orderBy('i.position')
                .offset(offset)
                .limit(limit),
            )
          ).map((p) => p.image_key),
        ),
      },
    ];
  }
}
