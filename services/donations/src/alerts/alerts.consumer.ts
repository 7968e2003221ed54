import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventSubject, Events } from '@hdiya/contracts';
import { appendToOutbox, createEvent, EVENT_BUS, EventConsumer, ManagedEventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { matchAsks } from '../asks/ask-matches.js';
import { matchSavedSearches } from '../saved-searches/saved-search-matches.js';

/**
 * What a new donation sets off for those watching their neighbourhood: each DonationCreated is
 * matched once (inbox) against every saved search and every open ask, and each match leaves as an
 * event in the same transaction (SavedSearchMatched, AskMatched); the messaging service turns
 * those into notifications (pushed in real time).
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
          const asks = await matchAsks(manager, payload.donationId);
          await appendToOutbox(manager, SCHEMA, [
            ...alerts.map((alert) => createEvent(Events.donations.SavedSearchMatched, alert)),
            ...asks.map((matched) => createEvent(Events.donations.AskMatched, matched)),
          ]);
        },
      },
      logger: new Logger('donations:alerts'),
    });
  }
}
