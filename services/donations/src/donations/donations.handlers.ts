import { Controller } from '@nestjs/common';
import { DonationRules, Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { DonationSearchService } from './donation-search.service.js';
import { DonationsService } from './donations.service.js';

@Controller()
export class DonationsHandlers {
  constructor(
    private readonly donations: DonationsService,
    private readonly searchService: DonationSearchService,
  ) {}

  @RpcHandler(Rpc.donations.search)
  search(query: RpcRequest<'donations.search'>) {
    return this.searchService.search(query);
  }

  @RpcHandler(Rpc.donations.nearby)
  nearby(query: RpcRequest<'donations.nearby'>) {
    return this.searchService.nearby(query);
  }

  @RpcHandler(Rpc.donations.recent)
  recent() {
    return this.searchService.recent();
  }

  @RpcHandler(Rpc.donations.get)
  get(input: RpcRequest<'donations.get'>) {
    return this.donations.get(input.donationId);
  }

  @RpcHandler(Rpc.donations.create)
  create(input: RpcRequest<'donations.create'>) {
    // `image` alone: a caller from before several photos (decision 0044).
    return this.donations.create(input.actor, input.fields, input.images ?? [input.image!]);
  }

  @RpcHandler(Rpc.donations.update)
  update(input: RpcRequest<'donations.update'>) {
    return this.donations.update(input.actor, input.donationId, input.changes, input.image ?? null, input.images ?? null);
  }

  @RpcHandler(Rpc.donations.delete)
  delete(input: RpcRequest<'donations.delete'>) {
    return this.donations.delete(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.forceDelete)
  forceDelete(input: RpcRequest<'donations.force-delete'>) {
    return this.donations.forceDelete(input.actor, input.donationId, input.reason ?? null);
  }

  @RpcHandler(Rpc.donations.byOwner)
  byOwner(input: RpcRequest<'donations.by-owner'>) {
    return this.donations.byOwner(input.ownerId, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }

  @RpcHandler(Rpc.donations.moderationList)
  moderationList(input: RpcRequest<'donations.moderation-list'>) {
    return this.donations.moderationList(input.actor, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor, input.page.reported);
  }
}
