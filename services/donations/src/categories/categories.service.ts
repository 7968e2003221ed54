import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, type CategoryView } from '@hdiya/contracts';
import { firstRow, rows, rpcError } from '@hdiya/platform';
import { db } from '../database/db.js';

const CATEGORY_COLUMNS = ['id', 'name', 'icon', 'color'] as const;

/** The categories of the catalogue (written by migration only). */
@Injectable()
export class CategoriesService {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<CategoryView[]> {
    return rows(this.dataSource.manager, db.selectFrom('categories').select(CATEGORY_COLUMNS).orderBy('id'));
  }

  async get(id: number): Promise<CategoryView> {
    const category = await firstRow(this.dataSource.manager, db.selectFrom('categories').select(CATEGORY_COLUMNS).where('id', '=', id));
    if (!category) throw rpcError(404, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown);
    return category;
  }
}
