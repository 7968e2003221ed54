import { Controller } from '@nestjs/common';
import { MOROCCAN_CITIES, Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { CategoriesService } from './categories.service.js';

@Controller()
export class CategoriesHandlers {
  constructor(private readonly categories: CategoriesService) {}

  @RpcHandler(Rpc.donations.categories)
  list() {
    return this.categories.list();
  }

  @RpcHandler(Rpc.donations.category)
  get(query: RpcRequest<'donations.category'>) {
    return this.categories.get(query.id);
  }

  /** The reference list of Moroccan cities donations are placed in. */
  @RpcHandler(Rpc.donations.cities)
  cities() {
    return MOROCCAN_CITIES;
  }
}
