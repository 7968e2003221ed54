import { Injectable } from '@nestjs/common';
import { Rpc } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';
import { withMediumPhotos } from './donation-images.service.js';
import { ImageStore } from './image-store.js';

const BATCH = 100;

/** The messaging service has not followed the deletion yet: its photos are not known to be theirs. */
export class DeletionNotAppliedYet extends Error {
  constructor() {
    super('the messaging service has not applied the deletion yet');
  }
}

/**
 * Deletes a deleted member's chat photos from storage (decision 0074), as the gateways' durable
 * consumer of the deletion handles it: the messaging service lists them (left under the
 * deletion's tombstone), their objects are deleted, then they are forgotten there. Killed in
 * between, the redelivered event does it again: deleting an object already gone is no error.
 * Records forgotten and objects not deleted cannot happen (forgotten only after), and the photo
 * sweep still deletes whatever a bug would leave.
 */
@Injectable()
export class DeletedMemberPhotos {
  constructor(
    private readonly services: ServiceClient,
    private readonly store: ImageStore,
  ) {}

  /** Answers how many photos it deleted; throws while the messaging service has not applied the deletion. */
  async deleteAll(tombstoneId: string, onProgress: () => void = () => undefined): Promise<number> {
    let deleted = 0;
    for (;;) {
      const found = await this.services.call(Rpc.messaging.deletedMemberPhotos, { tombstoneId, limit: BATCH });
      if (!found.applied) throw new DeletionNotAppliedYet();
      if (found.imageKeys.length === 0) return deleted;
      await this.store.removeAll(withMediumPhotos(found.keys));
      await this.services.call(Rpc.messaging.forgetDeletedMemberPhotos, { tombstoneId, imageKeys: found.imageKeys });
      deleted += found.imageKeys.length;
      onProgress();
    }
  }
}
