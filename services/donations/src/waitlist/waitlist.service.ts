import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { displayName, DonationMessages, ErrorCodes, type Actor, type WaitlistView } from '@hdiya/contracts';
import { firstRow, rows, rpcError, sql, write } from '@hdiya/platform';
import { db } from '../database/db.js';
import { Clock } from '../core/clock.js';
import { lockDonation } from '../core/donation-state.js';
import { HoardingLimits } from '../core/hoarding-limits.js';
import { WaitingLine } from '../core/waiting-line.js';
import { refuseSuspended } from '../core/member-standing.js';
import { refusal } from '../core/refusal.js';
import { joinRefusal, leaveRefusal, skipOfferRefusal, type LineFacts } from './waitlist.rules.js';

/**
 * The waiting list of a reserved donation as its members use it: join, leave, decline, the
 * owner's skip, offers running out (docs/decisions/0016-waiting-list-alerts-and-handover.md). The
 * line itself moves in the core (`WaitingLine`), under the donation's row lock.
 */
@Injectable()
export class WaitlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly limits: HoardingLimits,
    private readonly line: WaitingLine,
  ) {}

  async view(actor: Actor, donationId: number): Promise<WaitlistView> {
    const manager = this.dataSource.manager;
    const donation = await firstRow(
      manager,
      db
        .selectFrom('donations as d')
        .leftJoin('members as m', 'm.user_id', 'd.offered_to_id')
        .select(['d.owner_id', 'd.offered_to_id', 'd.offer_expires_at', 'm.username', 'm.first_name', 'm.last_name'])
        .where('d.id', '=', donationId),
    );
    if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    const line = await firstRow(
      manager,
      db
        .selectFrom('waitlist_entries')
        .select((eb) => [
          sql<number>`count(*) FILTER (WHERE "state" = 'waiting')::int`.as('waiting'),
          eb
            .selectFrom('waitlist_entries as e')
            .select('e.state')
            .where('e.donation_id', '=', donationId)
            .where('e.member_id', '=', actor.id)
            .where('e.state', 'in', ['waiting', 'offered'])
            .as('mine'),
          eb
            .selectFrom(['waitlist_entries as w', 'waitlist_entries as me'])
            .select(sql<number>`count(*)::int`.as('position'))
            .where('w.donation_id', '=', donationId)
            .where('w.state', '=', 'waiting')
            .where('me.donation_id', '=', donationId)
            .where('me.member_id', '=', actor.id)
            .where('me.state', '=', 'waiting')
            .where((tuple) => tuple(tuple.refTuple('w.joined_at', 'w.id'), '<=', tuple.refTuple('me.joined_at', 'me.id')))
            .as('position'),
        ])
        .where('donation_id', '=', donationId),
    );
    const offerExpiresAt = donation.offer_expires_at?.toISOString() ?? null;
    const mine = asOpenPlace(line?.mine);
    let me: WaitlistView['me'] = null;
    if (mine === 'waiting') me = { state: 'waiting', position: line?.position ?? 0 };
    if (mine === 'offered' && donation.offered_to_id === actor.id && offerExpiresAt) me = { state: 'offered', offerExpiresAt };
    return {
      donationId,
      waiting: line?.waiting ?? 0,
      offerOut: donation.offered_to_id !== null,
      offerExpiresAt: donation.owner_id === actor.id || me?.state === 'offered' ? offerExpiresAt : null,
      offeredTo:
        donation.owner_id === actor.id && donation.offered_to_id
          ? {
              id: donation.offered_to_id,
              displayName: donation.username ? displayName({ username: donation.username, firstName: donation.first_name, lastName: donation.last_name }) : 'Utilisateur',
            }
          : null,
      me,
    };
  }

  async join(actor: Actor, donationId: number): Promise<WaitlistView> {
    await this.dataSource.transaction(async (manager) => {
      await refuseSuspended(manager, actor.id, this.clock.now());
      const donation = await lockDonation(manager, donationId);
      const refused = joinRefusal(donation, await this.lineFacts(manager, donationId, actor.id), actor.id);
      if (refused) throw refusal(refused);
      const now = this.clock.now();
      await this.limits.refuseJoin(manager, actor.id, donationId, now);
      await write(
        manager,
        db.insertInto('waitlist_entries').values({ id: randomUUID(), donation_id: donationId, member_id: actor.id, state: 'waiting', joined_at: now }),
      );
    });
    return this.view(actor, donationId);
  }

  /** Leaves the line; the member the item is offered to declines it, and it goes to the next. */
  async leave(actor: Actor, donationId: number): Promise<WaitlistView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = leaveRefusal(donation, await this.lineFacts(manager, donationId, actor.id), actor.id);
      if (refused) throw refusal(refused);
      const now = this.clock.now();
      const closed = await firstRow(
        manager,
        db
          .updateTable('waitlist_entries')
          .set((eb) => ({ state: eb.case('state').when('offered').then('declined').else('left').end(), closed_at: now }))
          .where('donation_id', '=', donationId)
          .where('member_id', '=', actor.id)
          .where('state', 'in', ['waiting', 'offered'])
          .returning(['id', 'state']),
      );
      if (closed?.state === 'declined' && donation.offered_to_id === actor.id) {
        await this.line.passOn(manager, donation, { entryId: closed.id, memberId: actor.id, reason: 'declined' }, now);
      }
    });
    return this.view(actor, donationId);
  }

  /**
   * The owner passes the item offered from the line to the next in line (or, when nobody waits,
   * makes it available): the offer ends and its member is told (decision 0020).
   */
  async skipOffer(actor: Actor, donationId: number): Promise<WaitlistView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = skipOfferRefusal(donation, actor.id);
      if (refused) throw refusal(refused);
      const now = this.clock.now();
      const entry = await firstRow(
        manager,
        db
          .updateTable('waitlist_entries')
          .set({ state: 'skipped', closed_at: now })
          .where('donation_id', '=', donationId)
          .where('member_id', '=', donation.offered_to_id!)
          .where('state', '=', 'offered')
          .returning('id'),
      );
      await this.line.passOn(manager, donation, { entryId: entry?.id ?? randomUUID(), memberId: donation.offered_to_id!, reason: 'skipped' }, now);
    });
    return this.view(actor, donationId);
  }

  /**
   * Offers nobody answered in 24 hours pass to the next in line. Donations are claimed with SKIP
   * LOCKED, so replicas running this job never pass one offer twice; an offer being accepted
   * (its reservation under way) is left to that reservation.
   */
  async lapseDueOffers(now: Date = this.clock.now()): Promise<number> {
    let lapsed = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const due = await rows(
          manager,
          db
            .selectFrom('donations')
            .select(['id', 'title', 'owner_id', 'offered_to_id'])
            .where('offered_to_id', 'is not', null)
            .where('offer_expires_at', '<=', now)
            .where('reservation_id', 'is', null)
            .orderBy('offer_expires_at')
            .limit(100)
            .forUpdate()
            .skipLocked(),
        );
        for (const donation of due) {
          const offeredToId = donation.offered_to_id!;
          const entry = await firstRow(
            manager,
            db
              .updateTable('waitlist_entries')
              .set({ state: 'expired', closed_at: now })
              .where('donation_id', '=', donation.id)
              .where('member_id', '=', offeredToId)
              .where('state', '=', 'offered')
              .returning('id'),
          );
          const entryId = entry?.id ?? randomUUID();
          await this.line.passOn(manager, donation, { entryId, memberId: offeredToId, reason: 'expired' }, now);
        }
        return due.length;
      });
      lapsed += batch;
      if (batch < 100) return lapsed;
    }
  }

  private async lineFacts(manager: EntityManager, donationId: number, memberId: string): Promise<LineFacts> {
    const facts = await firstRow(
      manager,
      db
        .selectFrom('waitlist_entries')
        .select([
          sql<number>`count(*) FILTER (WHERE "state" = 'waiting')::int`.as('waiting'),
          sql<string | null>`max("state") FILTER (WHERE "member_id" = ${memberId})`.as('mine'),
        ])
        .where('donation_id', '=', donationId)
        .where('state', 'in', ['waiting', 'offered']),
    );
    return { waiting: facts?.waiting ?? 0, mine: asOpenPlace(facts?.mine) };
  }
}

/** A member's open place: the entry states the query selected ('waiting' or 'offered'), or none. */
function asOpenPlace(state: string | null | undefined): LineFacts['mine'] {
  return state === 'waiting' || state === 'offered' ? state : null;
}
