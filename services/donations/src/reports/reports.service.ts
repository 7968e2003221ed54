import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, Events, Messages, type Actor, type DismissedReportsView, type DonationReportedV1, type ReportDonationInput } from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

const OWN = 'Vous ne pouvez pas signaler votre propre don.';
const ALREADY = 'Vous avez déjà signalé ce don. Merci, les modérateurs vont l’examiner.';

@Injectable()
export class ReportsService {
  constructor(private readonly dataSource: DataSource) {}

  /** One report per member and donation; moderators see reported donations first. */
  async report(actor: Actor, donationId: number, input: ReportDonationInput): Promise<{ reported: true }> {
    return this.dataSource.transaction(async (manager) => {
      const [donation] = (await manager.query(`SELECT owner_id FROM "${SCHEMA}"."donations" WHERE id = $1 FOR SHARE`, [donationId])) as {
        owner_id: string;
      }[];
      if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
      if (donation.owner_id === actor.id) throw rpcError(403, ErrorCodes.DONATION_OWN, OWN);
      const inserted = (await manager.query(
        `INSERT INTO "${SCHEMA}"."reports" ("donation_id", "reporter_id", "reason", "details") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("donation_id", "reporter_id") DO NOTHING RETURNING id`,
        [donationId, actor.id, input.reason, input.details ?? null],
      )) as unknown[];
      if (inserted.length === 0) throw rpcError(409, ErrorCodes.ALREADY_REPORTED, ALREADY);
      const payload: DonationReportedV1 = { donationId, reporterId: actor.id, reason: input.reason };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.DonationReported, payload)]);
      return { reported: true };
    });
  }

  /**
   * A moderator finds a reported donation acceptable: its open reports are closed with who and
   * when, the donation stays as it is. Calling again dismisses nothing more (and says 0).
   */
  async dismiss(actor: Actor, donationId: number): Promise<DismissedReportsView> {
    if (actor.role !== 'admin') throw rpcError(403, ErrorCodes.ADMIN_ONLY, Messages.adminOnly);
    return this.dataSource.transaction(async (manager) => {
      const [donation] = (await manager.query(`SELECT id FROM "${SCHEMA}"."donations" WHERE id = $1 FOR SHARE`, [donationId])) as unknown[];
      if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
      const [closed] = (await manager.query(
        `WITH closed AS (
           UPDATE "${SCHEMA}"."reports" SET "dismissed_at" = now(), "dismissed_by" = $2
           WHERE "donation_id" = $1 AND "dismissed_at" IS NULL RETURNING id)
         SELECT count(*)::int AS n FROM closed`,
        [donationId, actor.id],
      )) as { n: number }[];
      return { donationId, dismissed: closed?.n ?? 0 };
    });
  }
}
