import { Module } from '@nestjs/common';
import { RatingsHandlers } from './ratings.handlers.js';
import { RatingsService } from './ratings.service.js';

/** Donor and receiver rating each other after a gift. */
@Module({ controllers: [RatingsHandlers], providers: [RatingsService] })
export class RatingsModule {}
