import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes } from '@hdiya/contracts';
import { firstRow, rpcError } from '@hdiya/platform';
import { db } from '../database/db.js';

/** Whether a category a donation or a search names exists (the catalogue is written by migration only). */
@Injectable()
export class CategoryCheck {
  constructor(private readonly dataSource: DataSource) {}

  /** For input naming a category: an unknown one is a 400 on that field, not a 404. */
  async assertExists(id: number, field = 'categoryId'): Promise<void> {
    const exists = await firstRow(this.dataSource.manager, db.selectFrom('categories').select('id').where('id', '=', id));
    if (!exists) throw rpcError(400, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown, field);
  }
}
