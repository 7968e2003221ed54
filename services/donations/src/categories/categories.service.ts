import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, type CategoryView } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

const CATEGORY_COLUMNS = `"id", "name", "icon", "color"`;

/** The categories of the catalogue (written by migration only). */
@Injectable()
export class CategoriesService {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<CategoryView[]> {
    return this.dataSource.query(`SELECT ${CATEGORY_COLUMNS} FROM "${SCHEMA}"."categories" ORDER BY "id"`);
  }

  async get(id: number): Promise<CategoryView> {
    const [category] = (await this.dataSource.query(`SELECT ${CATEGORY_COLUMNS} FROM "${SCHEMA}"."categories" WHERE "id" = $1`, [id])) as CategoryView[];
    if (!category) throw rpcError(404, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown);
    return category;
  }

  /** For input naming a category: an unknown one is a 400 on that field, not a 404. */
  async assertExists(id: number, field = 'categoryId'): Promise<void> {
    const [exists] = (await this.dataSource.query(`SELECT 1 FROM "${SCHEMA}"."categories" WHERE "id" = $1`, [id])) as unknown[];
    if (!exists) throw rpcError(400, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown, field);
  }
}
