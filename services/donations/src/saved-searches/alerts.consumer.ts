import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { eventSubject, Events, type SavedSearchMatchedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { PUBLIC_POINT } from '../donations/donation-row.js';

const POINT = PUBLIC_POINT('d.latitude', 'd.longitude');

/**
 * The saved searches a donation matches, one per member (a member with two matching searches
 * gets one alert). The disc index finds the searches around the donation's public position (the
 * same rounded point everyone sees, so alerts reveal nothing more precise); category and words
 * are checked on those few. The owner is never alerted about their own gift. Shared with the
 * benchmark, which times it alone.
 */
export const matchSql = `
  SELECT DISTINCT ON (s.member_id) s.id AS "savedSearchId", s.member_id AS "memberId", d.title, d.city, d.created_at
  FROM "${SCHEMA}"."donations" d
  JOIN "${SCHEMA}"."saved_searches" s ON ST_Intersects(s.area, (${POINT})::geometry)
  WHERE d.id = $1 AND d.status = 'available' AND s.member_id <> d.owner_id
    AND ST_DWithin(s.location, ${POINT}, s.radius_m)
    AND (s.category_id IS NULL OR s.category_id = d.category_id)
    AND (s.terms IS NULL OR d.search @@ s.terms)
  ORDER BY s.member_id, s.created_at`;

/** Members alerted per event: a popular donation's matches travel in a few events, not hundreds. */
const MATCHES_PER_EVENT = 500;

/** The alert events for a new donation (none when nothing matches). */
export async function matchSavedSearches(manager: EntityManager, donationId: number): Promise<SavedSearchMatchedV1[]> {
  const rows = (await manager.query(matchSql, [donationId])) as { savedSearchId: string; memberId: string; title: string; city: string; created_at: Date }[];
  const events: SavedSearchMatchedV1[] = [];
  for (let from = 0; from < rows.length; from += MATCHES_PER_EVENT) {
    const batch = rows.slice(from, from + MATCHES_PER_EVENT);
    events.push({
      donationId,
      title: batch[0]!.title,
      city: batch[0]!.city,
      publishedAt: batch[0]!.created_at.toISOString(),
      matches: batch.map(({ memberId, savedSearchId }) => ({ memberId, savedSearchId })),
    });
  }
  return events;
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
          const alerts = await matchSavedSearches(manager, payload.donationId);
          await appendToOutbox(manager, SCHEMA, alerts.map((alert) => createEvent(Events.donations.SavedSearchMatched, alert)));
        },
      },
      logger: new Logger('donations:alerts'),
    });
  }
}
