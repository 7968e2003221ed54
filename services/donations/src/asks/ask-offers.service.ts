import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AskMessages, DonationMessages, ErrorCodes, Events, type Actor, type AskOfferedV1, type DonationAskMatchesView } from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, rows, rpcError, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';

const NOT_AVAILABLE = 'Ce don n’est plus disponible : il ne peut plus être proposé.';

/**
 * The donor's side of asks: the people nearby whose open ask a donation matches, shown without
 * name or words ("quelqu'un près de chez vous cherche ceci"), and the offer of the item to one of
 * them, which tells them (they reserve it as anyone would).
 */
@Injectable()
export class AskOffersService {
  constructor(private readonly dataSource: DataSource) {}

  async matches(actor: Actor, donationId: number): Promise<DonationAskMatchesView> {
    await this.ownDonation(this.dataSource.manager, actor, donationId);
    return this.view(this.dataSource.manager, donationId);
  }

  /** Offering twice answers the same view and tells the asker once. */
  async offer(actor: Actor, donationId: number, matchId: string): Promise<DonationAskMatchesView> {
    return this.dataSource.transaction(async (manager) => {
      const donation = await this.ownDonation(manager, actor, donationId, true);
      const match = await firstRow(
        manager,
        db
          .selectFrom('ask_matches as o')
          .innerJoin('asks as a', 'a.id', 'o.ask_id')
          .select(['o.id', 'o.offered_at', 'o.ask_id', 'o.member_id', 'a.title as ask_title'])
          .select(sql<boolean>`a.closed_at IS NULL AND a.expires_at > now()`.as('open'))
          .where('o.id', '=', matchId)
          .where('o.donation_id', '=', donationId)
          .forUpdate('o'),
      );
      if (!match || (!match.open && match.offered_at === null)) throw rpcError(404, ErrorCodes.ASK_MATCH_NOT_FOUND, AskMessages.matchNotFound);
      if (match.offered_at !== null) return this.view(manager, donationId);
      if (donation.status !== 'available') throw rpcError(409, ErrorCodes.ASK_NOT_OPEN, NOT_AVAILABLE);
      await write(manager, db.updateTable('ask_matches').set({ offered_at: sql<Date>`now()` }).where('id', '=', matchId));
      const event: AskOfferedV1 = { donationId, title: donation.title, askId: match.ask_id, askTitle: match.ask_title, memberId: match.member_id, how: 'matched' };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.AskOffered, event)]);
      return this.view(manager, donationId);
    });
  }

  private async ownDonation(manager: EntityManager, actor: Actor, donationId: number, lock = false) {
    const query = db.selectFrom('donations').select(['id', 'title', 'owner_id', 'status']).where('id', '=', donationId);
    const donation = await firstRow(manager, lock ? query.forUpdate() : query);
    if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    if (donation.owner_id !== actor.id) throw rpcError(403, ErrorCodes.DONATION_NOT_OWNER, AskMessages.onlyOwner);
    return donation;
  }

  /** Matches whose ask is still open, and those already offered, oldest first. */
  private async view(manager: EntityManager, donationId: number): Promise<DonationAskMatchesView> {
    const found = await rows(
      manager,
      db
        .selectFrom('ask_matches as o')
        .innerJoin('asks as a', 'a.id', 'o.ask_id')
        .select(['o.id', 'o.how', 'o.offered_at'])
        .where('o.donation_id', '=', donationId)
        .where((eb) => eb.or([eb('o.offered_at', 'is not', null), eb.and([eb('a.closed_at', 'is', null), eb('a.expires_at', '>', sql<Date>`now()`)])]))
        .orderBy('o.created_at')
        .orderBy('o.id'),
    );
    // CHECK-constrained to the two ways.
    return { donationId, matches: found.map((row) => ({ id: row.id, how: row.how as 'matched' | 'answered', offered: row.offered_at !== null })) };
  }
}
