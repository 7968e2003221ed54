import { Module } from '@nestjs/common';
import { CategoriesHandlers } from './categories.handlers.js';
import { CategoriesService } from './categories.service.js';

/** The catalogue's categories. */
@Module({ controllers: [CategoriesHandlers], providers: [CategoriesService] })
export class CategoriesModule {}
