import { Module } from '@nestjs/common';
import { SavedSearchesHandlers } from './saved-searches.handlers.js';
import { SavedSearchesService } from './saved-searches.service.js';

/** Saved searches (their alerts leave from `alerts/`). */
@Module({ controllers: [SavedSearchesHandlers], providers: [SavedSearchesService] })
export class SavedSearchesModule {}
