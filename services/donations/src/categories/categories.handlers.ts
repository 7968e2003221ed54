import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsInt, Min } from 'class-validator';
import { DonationMessages, MOROCCAN_CITIES, Rpc, type CategoryView, type City } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { CategoriesService } from './categories.service.js';

export class CategoryQuery {
  @IsInt({ message: DonationMessages.categoryUnknown })
  @Min(1, { message: DonationMessages.categoryUnknown })
  id: number;
}

@Controller()
export class CategoriesHandlers {
  constructor(private readonly categories: CategoriesService) {}

  @MessagePattern(Rpc.donations.categories)
  list(): Promise<CategoryView[]> {
    return this.categories.list();
  }

  @MessagePattern(Rpc.donations.category)
  get(@Payload(new ValidatedPayload(CategoryQuery)) query: CategoryQuery): Promise<CategoryView> {
    return this.categories.get(query.id);
  }

  /** The reference list of Moroccan cities donations are placed in. */
  @MessagePattern(Rpc.donations.cities)
  cities(): readonly City[] {
    return MOROCCAN_CITIES;
  }
}
