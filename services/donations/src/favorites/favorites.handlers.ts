import { Controller } from '@nestjs/common';
import { DonationRules, Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { FavoritesService } from './favorites.service.js';

@Controller()
export class FavoritesHandlers {
  constructor(private readonly favorites: FavoritesService) {}

  @RpcHandler(Rpc.donations.addFavorite)
  add(input: RpcRequest<'donations.favorites.add'>) {
    return this.favorites.add(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.removeFavorite)
  remove(input: RpcRequest<'donations.favorites.remove'>) {
    return this.favorites.remove(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.favorites)
  list(input: RpcRequest<'donations.favorites.list'>) {
    return this.favorites.list(input.actor, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }
}
