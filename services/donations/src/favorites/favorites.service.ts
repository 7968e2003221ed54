import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, type Actor, type DonationPage } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { DONATION_COLUMNS, DONATION_FROM } from '../donations/donation-row.js';
import { pageOf } from '../donations/donation-search.service.js';
import { decodeCursor } from '../donations/page-cursor.js';
import { SCHEMA } from '../config.js';

const OWN = 'Vous ne pouvez pas ajouter votre propre don aux favoris.';

@Injectable()
export class FavoritesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Idempotent: adding a favourite twice keeps one. */
  async add(actor: Actor, donationId: number): Promise<{ donationId: number; favorite: true }> {
    const [donation] = (await this.dataSource.query(`SELECT owner_id FROM "${SCHEMA}"."donations" WHERE id = $1`, [donationId])) as {
      owner_id: string;
    }[];
    if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    if (donation.owner_id === actor.id) throw rpcError(403, ErrorCodes.DONATION_OWN, OWN);
    // A concurrent delete of the donation makes the foreign key fail: that is a 404 too.
    await this.dataSource
      .query(`INSERT INTO "${SCHEMA}"."favorites" ("user_id", "donation_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [actor.id, donationId])
      .catch(() => {
        throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
      });
    return { donationId, favorite: true };
  }

  /** Idempotent too: removing a favourite that is not there is not an error. */
  async remove(actor: Actor, donationId: number): Promise<{ donationId: number; favorite: false }> {
    await this.dataSource.query(`DELETE FROM "${SCHEMA}"."favorites" WHERE user_id = $1 AND donation_id = $2`, [actor.id, donationId]);
    return { donationId, favorite: false };
  }

  /** The member's favourites, most recently added first. */
  async list(actor: Actor, limit: number, cursorText?: string): Promise<DonationPage> {
    const params: unknown[] = [actor.id];
    let keyset = '';
    const cursor = decodeCursor(cursorText, 'number');
    if (cursor) {
      params.push(cursor.k);
      keyset = `AND f.id < $2`;
    }
    params.push(limit + 1);
    const rows = await this.dataSource.query(
      `SELECT ${DONATION_COLUMNS}, f.id AS sort_key FROM "${SCHEMA}"."favorites" f JOIN ${DONATION_FROM} ON d.id = f.donation_id
       WHERE f.user_id = $1 ${keyset} ORDER BY f.id DESC LIMIT $${params.length}`,
      params,
    );
    return pageOf(rows, limit);
  }
}
