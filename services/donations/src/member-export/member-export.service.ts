import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MemberExportPart } from '@hdiya/contracts';
import { rows } from '@hdiya/platform';
import { db } from '../database/db.js';

/** A row's dates as ISO strings, so the file reads the same whatever the driver returns. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/**
 * The member's part of "Télécharger mes données" (issue 47): what they gave, reserved, asked for,
 * waited for, kept, searched, rated and reported, each as a file of the export, and the keys of
 * their donations' photos. Positions are theirs (their own donations, asks and searches); other
 * members appear by id only, as their names belong to them.
 */
@Injectable()
export class MemberExportService {
  constructor(private readonly dataSource: DataSource) {}

  async export(userId: string): Promise<MemberExportPart> {
    const manager = this.dataSource.manager;
    const [donations, photos, reservations, requests, waitlist, asks, favourites, searches, ratings, reports, ratingReports] = await Promise.all([
      rows(
        manager,
        db
          .selectFrom('donations')
          .select(['id', 'title', 'description', 'category_id', 'city', 'latitude', 'longitude', 'status', 'allocation_mode', 'created_at', 'updated_at', 'confirmed_at'])
          .where('owner_id', '=', userId)
          .orderBy('id'),
      ),
      rows(
        manager,
        db
          .selectFrom('images as i')
          .innerJoin('donations as d', 'd.id', 'i.donation_id')
          .select(['i.donation_id', 'i.image_key', 'i.position'])
          .where('d.owner_id', '=', userId)
          .orderBy('i.donation_id')
          .orderBy('i.position'),
      ),
      rows(
        manager,
        db
          .selectFrom('reservations as r')
          .innerJoin('donations as d', 'd.id', 'r.donation_id')
          .select(['r.id', 'r.donation_id', 'd.title', 'r.reserver_id', 'r.owner_id', 'r.state', 'r.reserved_at', 'r.expires_at', 'r.closed_at', 'r.cancelled_by'])
          .where((eb) => eb.or([eb('r.reserver_id', '=', userId), eb('r.owner_id', '=', userId)]))
          .orderBy('r.reserved_at'),
      ),
      rows(
        manager,
        db.selectFrom('donation_requests').select(['id', 'donation_id', 'message', 'state', 'created_at', 'closed_at']).where('member_id', '=', userId).orderBy('created_at'),
      ),
      rows(
        manager,
        db.selectFrom('waitlist_entries').select(['id', 'donation_id', 'state', 'joined_at', 'offered_at', 'closed_at']).where('member_id', '=', userId).orderBy('joined_at'),
      ),
      rows(
        manager,
        db.selectFrom('asks').select(['id', 'title', 'category_id', 'city', 'radius_m', 'visibility', 'created_at', 'expires_at', 'closed_at']).where('member_id', '=', userId).orderBy('created_at'),
      ),
      rows(manager, db.selectFrom('favorites').select(['donation_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at')),
      rows(
        manager,
        db.selectFrom('saved_searches').select(['id', 'query', 'category_id', 'city', 'radius_m', 'created_at', 'updated_at']).where('member_id', '=', userId).orderBy('created_at'),
      ),
      rows(
        manager,
        db
          .selectFrom('ratings')
          .select(['id', 'donation_id', 'rater_id', 'rated_id', 'value', 'reason', 'comment', 'comment_removed_at', 'verified', 'created_at'])
          .where((eb) => eb.or([eb('rater_id', '=', userId), eb('rated_id', '=', userId)]))
          .orderBy('created_at'),
      ),
      rows(manager, db.selectFrom('reports').select(['id', 'donation_id', 'reason', 'details', 'created_at', 'dismissed_at']).where('reporter_id', '=', userId).orderBy('created_at')),
      rows(
        manager,
        db.selectFrom('rating_reports').select(['id', 'rating_id', 'reason', 'details', 'created_at', 'closed_at', 'outcome']).where('reporter_id', '=', userId).orderBy('created_at'),
      ),
    ]);
    const photosOf = (donationId: number) => photos.filter((p) => p.donation_id === donationId).map((p) => `photos/${p.image_key}`);
    return {
      files: [
        { name: 'donations.json', content: donations.map((d) => ({ ...plain(d), photos: photosOf(d.id) })) },
        { name: 'reservations.json', content: reservations.map((r) => ({ ...plain(r), role: r.reserver_id === userId ? 'reserver' : 'owner' })) },
        { name: 'requests.json', content: requests.map(plain) },
        { name: 'waiting-lists.json', content: waitlist.map(plain) },
        { name: 'asks.json', content: asks.map(plain) },
        { name: 'favourites.json', content: favourites.map(plain) },
        { name: 'saved-searches.json', content: searches.map(plain) },
        {
          name: 'ratings.json',
          content: {
            given: ratings.filter((r) => r.rater_id === userId).map(plain),
            received: ratings.filter((r) => r.rated_id === userId).map(({ rater_id: _rater, ...r }) => plain(r)),
          },
        },
        { name: 'reports.json', content: { donations: reports.map(plain), ratings: ratingReports.map(plain) } },
      ],
      photoKeys: photos.map((p) => p.image_key),
    };
  }
}
