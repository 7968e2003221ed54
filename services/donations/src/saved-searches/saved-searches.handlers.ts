import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { SavedSearchesService } from './saved-searches.service.js';

@Controller()
export class SavedSearchesHandlers {
  constructor(private readonly savedSearches: SavedSearchesService) {}

  @RpcHandler(Rpc.donations.savedSearches)
  list(input: RpcRequest<'donations.saved-searches.list'>) {
    return this.savedSearches.list(input.actor);
  }

  @RpcHandler(Rpc.donations.createSavedSearch)
  create(input: RpcRequest<'donations.saved-searches.create'>) {
    return this.savedSearches.create(input.actor, input.search);
  }

  @RpcHandler(Rpc.donations.updateSavedSearch)
  update(input: RpcRequest<'donations.saved-searches.update'>) {
    return this.savedSearches.update(input.actor, input.savedSearchId, input.search);
  }

  @RpcHandler(Rpc.donations.deleteSavedSearch)
  remove(input: RpcRequest<'donations.saved-searches.delete'>) {
    return this.savedSearches.remove(input.actor, input.savedSearchId);
  }
}
