import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DonationMessages, ErrorCodes, type CategoryView } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { Category } from './category.entity.js';

@Injectable()
export class CategoriesService {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<CategoryView[]> {
    return this.dataSource.getRepository(Category).find({ order: { id: 'ASC' } });
  }

  async get(id: number): Promise<CategoryView> {
    const category = await this.dataSource.getRepository(Category).findOneBy({ id });
    if (!category) throw rpcError(404, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown);
    return category;
  }

  /** For input naming a category: an unknown one is a 400 on that field, not a 404. */
  async assertExists(id: number, field = 'categoryId'): Promise<void> {
    const exists = await this.dataSource.getRepository(Category).existsBy({ id });
    if (!exists) throw rpcError(400, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown, field);
  }
}
