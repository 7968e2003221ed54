import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { eventSubject, Events, type SavedSearchMatchedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, EVENT_BUS, EventConsumer, ManagedEventConsumer, rows, sql, type EventBus } from '@hdiya/platform';
import type { SqlBool } from 'kysely';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { d, publicPoint } from '../core/donation-row.js';

/**
 * The saved searches a donation matches, one per member (a member with two matching searches
 * gets one alert). The disc index finds the searches around the donation's public position (the
 * same rounded point everyone sees, so alerts reveal nothing more precise); category and words
 * are checked on those few. The owner is never alerted about their own gift.
 */
export function matchStatement(donationId: number) {
  const point = publicPoint(d.ref('d.latitude'), d.ref('d.longitude'));
  return db
    .selectFrom('donations as d')
    .innerJoin('saved_searches as s', (join) => join.on(sql<SqlBool>`ST_Intersects(${sql.ref('s.area')}, (${point})::geometry)`))
    .distinctOn('s.member_id')
    .select(['s.id as savedSearchId', 's.member_id as memberId', 'd.title', 'd.city', 'd.created_at'])
    .where('d.id', '=', donationId)
    .where('d.status', '=', sql.lit('available'))
    .whereRef('s.member_id', '<>', 'd.owner_id')
    .where(sql<SqlBool>`ST_DWithin(${sql.ref('s.location')}, ${point}, ${sql.ref('s.radius_m')})`)
    .where((eb) => eb.or([eb('s.category_id', 'is', null), eb('s.category_id', '=', eb.ref('d.category_id'))]))
    .where((eb) => eb.or([eb('s.terms', 'is', null), sql<SqlBool>`${eb.ref('d.search')} @@ ${eb.ref('s.terms')}`]))
    .orderBy('s.member_id')
    .orderBy('s.created_at');
}

/** The same statement as SQL text, its one parameter the donation id (the alerts benchmark times it alone). */
export const matchSql = matchStatement(0).compile().sql;

/** Members alerted per event: a popular donation's matches travel in a few events, not hundreds. */
const MATCHES_PER_EVENT = 500;

/** The alert events for a new donation (none when nothing matches). */
export async function matchSavedSearches(manager: EntityManager, donationId: number): Promise<SavedSearchMatchedV1[]> {
  const matches = await rows(manager, matchStatement(donationId));
  const events: SavedSearchMatchedV1[] = [];
  for (let from = 0; from < matches.length; from += MATCHES_PER_EVENT) {
    const batch = matches.slice(from, from + MATCHES_PER_EVENT);
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
