import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, type Actor, type DonationPage } from '@hdiya/contracts';
import { firstRow, rows, rpcError, write } from '@hdiya/platform';
import { db } from '../database/db.js';
import { DONATION_COLUMNS } from '../core/donation-row.js';
import { pageOf } from '../core/page.js';
import { decodeCursor } from '../core/page-cursor.js';

const OWN = 'Vous ne pouvez pas ajouter votre propre don aux favoris.';

@Injectable()
export class FavoritesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Idempotent: adding a favourite twice keeps one. */
  async add(actor: Actor, donationId: number): Promise<{ donationId: number; favorite: true }> {
    const donation = await firstRow(this.dataSource.manager, db.selectFrom('donations').select('owner_id').where('id', '=', donationId));
    if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    if (donation.owner_id === actor.id) throw rpcError(403, ErrorCodes.DONATION_OWN, OWN);
    // A concurrent delete of the donation makes the foreign key fail: that is a 404 too.
    await write(
      this.dataSource.manager,
      db
        .insertInto('favorites')
        .values({ user_id: actor.id, donation_id: donationId })
        .onConflict((conflict) => conflict.doNothing()),
    ).catch(() => {
      throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    });
    return { donationId, favorite: true };
  }

  /** Idempotent too: removing a favourite that is not there is not an error. */
  async remove(actor: Actor, donationId: number): Promise<{ donationId: number; favorite: false }> {
    await write(this.dataSource.manager, db.deleteFrom('favorites').where('user_id', '=', actor.id).where('donation_id', '=', donationId));
    return { donationId, favorite: false };
  }

  /** The member's favourites, most recently added first. */
  async list(actor: Actor, limit: number, cursorText?: string): Promise<DonationPage> {
    const cursor = decodeCursor(cursorText, 'number');
    let query = db
      .selectFrom('favorites as f')
      .innerJoin('donations as d', 'd.id', 'f.donation_id')
      .select([...DONATION_COLUMNS, 'f.id as sort_key'])
      .where('f.user_id', '=', actor.id);
    if (cursor) query = query.where('f.id', '<', Number(cursor.k));
    return pageOf(await rows(this.dataSource.manager, query.orderBy('f.id', 'desc').limit(limit + 1)), limit);
  }
}
