import { Module } from '@nestjs/common';
import { AlertsConsumer } from './alerts.consumer.js';
import { SavedSearchesHandlers } from './saved-searches.handlers.js';
import { SavedSearchesService } from './saved-searches.service.js';

/** Saved searches, and the alerts new donations send their members. */
@Module({ controllers: [SavedSearchesHandlers], providers: [SavedSearchesService, AlertsConsumer] })
export class SavedSearchesModule {}
