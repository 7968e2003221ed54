import { Module } from '@nestjs/common';
import { AskOffersService } from './ask-offers.service.js';
import { AsksHandlers } from './asks.handlers.js';
import { AsksService } from './asks.service.js';

/** Asks, "Je cherche": the asker's side and the donor's (matches are made in `alerts/`). */
@Module({ controllers: [AsksHandlers], providers: [AsksService, AskOffersService] })
export class AsksModule {}
