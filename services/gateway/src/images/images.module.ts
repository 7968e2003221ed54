import { Module } from '@nestjs/common';
import { DonationImages } from './donation-images.service.js';
import { ImageStore } from './image-store.js';
import { ImagesController } from './images.controller.js';
import { UnattachedImagesSweep } from './unattached-images-sweep.js';

/** Donation photos: the upload pipeline, the object store and the sweep of photos never attached. */
@Module({
  controllers: [ImagesController],
  providers: [ImageStore, DonationImages, UnattachedImagesSweep],
  exports: [ImageStore, DonationImages],
})
export class ImagesModule {}
