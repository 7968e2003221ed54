import { Module } from '@nestjs/common';
import { DeletedMemberPhotos } from './deleted-member-photos.js';
import { DonationImages } from './donation-images.service.js';
import { ImageStore } from './image-store.js';
import { ImagesController } from './images.controller.js';
import { UnattachedImagesSweep } from './unattached-images-sweep.js';

/** Donation photos: the upload pipeline, the object store, the sweep of photos never attached and a deleted member's chat photos. */
@Module({
  controllers: [ImagesController],
  providers: [ImageStore, DonationImages, UnattachedImagesSweep, DeletedMemberPhotos],
  exports: [ImageStore, DonationImages, DeletedMemberPhotos],
})
export class ImagesModule {}
