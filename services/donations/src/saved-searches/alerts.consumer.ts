import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { eventSubject, Events, type SavedSearchMatchedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { PUBLIC_POINT } from '../donations/donation-row.js';

/**
 * The saved searches a donation matches, one per member (a member with two matching searches
 * gets one alert). The disc index finds the searches around the donation's public position (the
 * same rounded point everyone sees, so alerts reveal nothing more precise); category and words
 * are checked on those few. The owner is never alerted about their own gift.
 */
export async function matchSavedSearches(manager: EntityManager, donationId: number): Promise<SavedSearchMatchedV1[]> {
  const point = PUBLIC_POINT('d.latitude', 'd.longitude');
  return (await manager.query(
    `SELECT DISTINCT ON (s.member_id) s.id AS "savedSearchId", s.member_id AS "memberId", d.id AS "donationId", d.title, d.city,
            to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "publishedAt"
     FROM "${SCHEMA}"."donations" d
     JOIN "${SCHEMA}"."saved_searches" s ON ST_Intersects(s.area, (${point})::geometry)
     WHERE d.id = $1 AND d.status = 'available' AND s.member_id <> d.owner_id
       AND ST_DWithin(s.location, ${point}, s.radius_m)
       AND (s.category_id IS NULL OR s.category_id = d.category_id)
       AND (s.terms IS NULL OR d.search @@ s.terms)
     ORDER BY s.member_id, s.created_at`,
    [donationId],
  )) as SavedSearchMatchedV1[];
}

/**
 * Saved-search alerts: each DonationCreated is matched once (inbox) against every saved search,
 * and each match leaves as a SavedSearchMatched event in the same transaction; the messaging
 * service turns those into notifications (pushed in real time).
 */
@Injectable()
export class AlertsConsumer extends ManagedEventConsumer {
  readonly consumer: EventConsumer;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    super();
    this.consumer = new EventConsumer({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'donations-alerts',
      subject: eventSubject(Events.donations.DonationCreated),
      handlers: {
        'donations.DonationCreated.v1': async ({ payload }, manager) => {
          const matches = await matchSavedSearches(manager, payload.donationId);
          if (matches.length > 0) await appendToOutbox(manager, SCHEMA, matches.map((match) => createEvent(Events.donations.SavedSearchMatched, match)));
        },
      },
      logger: new Logger('donations:alerts'),
    });
  }
}
