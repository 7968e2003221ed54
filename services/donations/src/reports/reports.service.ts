import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, Events, Messages, type Actor, type DismissedReportsView, type DonationReportedV1, type ReportDonationInput } from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, recordModeratorAction, rpcError, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';

const OWN = 'Vous ne pouvez pas signaler votre propre don.';
const ALREADY = 'Vous avez déjà signalé ce don. Merci, les modérateurs vont l’examiner.';

@Injectable()
export class ReportsService {
  constructor(private readonly dataSource: DataSource) {}

  /** One report per member and donation; moderators see reported donations first. */
  async report(actor: Actor, donationId: number, input: ReportDonationInput): Promise<{ reported: true }> {
    return this.dataSource.transaction(async (manager) => {
      const donation = await firstRow(manager, db.selectFrom('donations').select('owner_id').where('id', '=', donationId).forShare());
      if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
      if (donation.owner_id === actor.id) throw rpcError(403, ErrorCodes.DONATION_OWN, OWN);
      const inserted = await write(
        manager,
        db
          .insertInto('reports')
          .values({ donation_id: donationId, reporter_id: actor.id, reason: input.reason, details: input.details ?? null })
          .onConflict((conflict) => conflict.columns(['donation_id', 'reporter_id']).doNothing()),
      );
      if (inserted === 0) throw rpcError(409, ErrorCodes.ALREADY_REPORTED, ALREADY);
      const payload: DonationReportedV1 = { donationId, reporterId: actor.id, reason: input.reason };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationReported, payload)]);
      return { reported: true };
    });
  }

  /**
   * A moderator finds a reported donation acceptable: its open reports are closed with who and
   * when, the donation stays as it is. Calling again dismisses nothing more (and says 0); the
   * moderation log keeps each call, in its transaction.
   */
  async dismiss(actor: Actor, donationId: number): Promise<DismissedReportsView> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    return this.dataSource.transaction(async (manager) => {
      const donation = await firstRow(manager, db.selectFrom('donations').select('id').where('id', '=', donationId).forShare());
      if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
      const dismissed = await write(
        manager,
        db
          .updateTable('reports')
          .set({ dismissed_at: sql<Date>`now()`, dismissed_by: actor.id })
          .where('donation_id', '=', donationId)
          .where('dismissed_at', 'is', null),
      );
      await recordModeratorAction(manager, SCHEMA, { actorId: actor.id, action: 'donation.reports.dismiss', targetType: 'donation', targetId: donationId, details: { dismissed } });
      return { donationId, dismissed };
    });
  }
}
