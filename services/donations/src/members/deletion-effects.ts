import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DELETED_MEMBER_NAME, Events, type DonationDeletedV2, type GiftInProgressView, type MemberDeletedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, crashpoint, forgetStanding, recordMemberDeleted, replaceMemberId, rows, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { Clock } from '../core/clock.js';
import { DonationPhotos } from '../core/donation-photos.js';
import { donationStatusOf } from '../core/donation-row.js';
import { lockDonation } from '../core/donation-state.js';
import { lockStandingForChange } from '../core/member-standing.js';
import { objectKeysOf } from '../core/photo-order.js';
import { closeRequests } from '../core/request-outcomes.js';
import { releaseReservation } from '../core/reservation-release.js';
import { WaitingLine } from '../core/waiting-line.js';
import { SuspensionEffects } from './suspension-effects.js';

/** Where other members keep something under a deleted member's id: it becomes their tombstone. */
const KEPT_UNDER_TOMBSTONE = [
  ['donations', 'owner_id'],
  ['donations', 'reserved_by_id'],
  ['reservations', 'owner_id'],
  ['reservations', 'reserver_id'],
  ['reservations', 'cancelled_by'],
  ['ratings', 'rater_id'],
  ['ratings', 'rated_id'],
  ['ratings', 'comment_removed_by'],
  ['rating_reports', 'reporter_id'],
  ['rating_reports', 'closed_by'],
  ['reports', 'reporter_id'],
  ['reports', 'dismissed_by'],
  ['images', 'uploader_id'],
] as const;

/**
 * What a deleted account lets go of here (issue 47, decision 0074), in the transaction of the users
 * service's event (the members consumer's inbox, so exactly once). First as a suspension would:
 * their reservations of others' items released, offers passed on, places in lines, requests and
 * asks ended, everyone concerned told by the usual events. Then their items not given are withdrawn
 * as they would withdraw them (`DonationDeleted`, a reserver told and refunded), their favourites,
 * saved searches and the rows of their places and requests deleted, and where others keep a trace
 * (a gift given, a rating, a report) the tombstone stands in their place.
 */
@Injectable()
export class DeletionEffects {
  constructor(
    private readonly clock: Clock,
    private readonly line: WaitingLine,
    private readonly photos: DonationPhotos,
    private readonly suspension: SuspensionEffects,
  ) {}

  /** What deleting the account would cancel: the items the member holds a reservation of, and theirs someone holds. */
  async giftsInProgress(manager: EntityManager, memberId: string): Promise<GiftInProgressView[]> {
    const held = await rows(
      manager,
      db
        .selectFrom('reservations as r')
        .innerJoin('donations as d', 'd.id', 'r.donation_id')
        .select(['d.id', 'd.title', 'r.reserver_id'])
        .where((eb) => eb.or([eb('r.reserver_id', '=', memberId), eb('r.owner_id', '=', memberId)]))
        .where('r.state', 'in', ['pending', 'aborting', 'active'])
        .orderBy('d.id'),
    );
    return held.map((row) => ({ donationId: row.id, title: row.title, role: row.reserver_id === memberId ? 'reserver' : 'owner' }));
  }

  async delete(manager: EntityManager, deletion: MemberDeletedV1): Promise<void> {
    const memberId = deletion.memberId;
    await lockStandingForChange(manager, memberId);
    const now = this.clock.now();
    await this.suspension.settleReservationsUnderWayFirst(manager, memberId);

    await this.withdrawDonationsOf(manager, memberId, now);
    await this.suspension.releaseReservationsOf(manager, memberId, now);
    await this.suspension.declineOffersTo(manager, memberId, now);
    await write(manager, db.updateTable('waitlist_entries').set({ state: 'left', closed_at: now }).where('member_id', '=', memberId).where('state', '=', 'waiting'));
    crashpoint('donations.member-deleted.after-release');

    for (const table of ['favorites'] as const) await write(manager, db.deleteFrom(table).where('user_id', '=', memberId));
    for (const table of ['saved_searches', 'waitlist_entries', 'donation_requests', 'ask_matches', 'asks'] as const) {
      await write(manager, db.deleteFrom(table).where('member_id', '=', memberId));
    }
    await write(
      manager,
      db.updateTable('donations').set({ owner_username: DELETED_MEMBER_NAME, owner_first_name: null, owner_last_name: null, owner_profile_image_url: null }).where('owner_id', '=', memberId),
    );
    await replaceMemberId(manager, SCHEMA, KEPT_UNDER_TOMBSTONE, deletion);
    await recordMemberDeleted(manager, SCHEMA, deletion);
    await forgetStanding(manager, SCHEMA, memberId);
  }

  /** Their items not given yet go as their own withdrawal would take them: the reserver, the line and the askers told. */
  private async withdrawDonationsOf(manager: EntityManager, memberId: string, now: Date): Promise<void> {
    const owned = await rows(manager, db.selectFrom('donations').select('id').where('owner_id', '=', memberId).where('status', '<>', 'completed').orderBy('id'));
    for (const { id } of owned) {
      const donation = await lockDonation(manager, id);
      if (donation.status === 'completed') continue;
      if (donation.reservation_state === 'active') await releaseReservation(manager, donation, 'owner', now);
      await this.line.closeLine(manager, donation, 'deleted', now);
      await closeRequests(manager, donation, 'removed', null, now);
      const cover = await rows(manager, db.selectFrom('donations').select(['image_key as imageKey', 'thumbnail_key as thumbnailKey', 'title']).where('id', '=', id));
      const photos = await this.photos.of(manager, id, { imageKey: cover[0]!.imageKey, thumbnailKey: cover[0]!.thumbnailKey });
      await this.photos.detachAll(manager, id, photos);
      await write(manager, db.deleteFrom('donations').where('id', '=', id));
      const payload: DonationDeletedV2 = {
        donationId: id,
        ownerId: memberId,
        title: cover[0]!.title,
        status: donationStatusOf(donation.status),
        deletedBy: 'owner',
        reservedById: null,
        reservationId: null,
        imageKeys: objectKeysOf(photos),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationDeleted, payload)]);
    }
  }
}
