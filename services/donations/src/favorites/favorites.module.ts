import { Module } from '@nestjs/common';
import { FavoritesHandlers } from './favorites.handlers.js';
import { FavoritesService } from './favorites.service.js';

/** Members' favourite donations. */
@Module({ controllers: [FavoritesHandlers], providers: [FavoritesService] })
export class FavoritesModule {}
