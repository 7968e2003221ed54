import { Module } from '@nestjs/common';
import { ImagesHandlers } from './images.handlers.js';
import { ImagesService } from './images.service.js';

/** Uploaded photos: who uploaded which, and the sweep of those never used. */
@Module({ controllers: [ImagesHandlers], providers: [ImagesService] })
export class ImagesModule {}
