import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DonationRules,
  PositionQuery,
  Rpc,
  SearchDonationsQuery,
  type DonationPage,
  type DonationView,
  type ModerationDonationView,
} from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import {
  ActorDonationPayload,
  ActorPagePayload,
  CreateDonationPayload,
  DonationIdPayload,
  OwnerPagePayload,
  UpdateDonationPayload,
} from './donation.payloads.js';
import { DonationSearchService } from './donation-search.service.js';
import { DonationsService, type DeletedDonation } from './donations.service.js';

@Controller()
export class DonationsHandlers {
  constructor(
    private readonly donations: DonationsService,
    private readonly searchService: DonationSearchService,
  ) {}

  @MessagePattern(Rpc.donations.search)
  search(@Payload(new ValidatedPayload(SearchDonationsQuery)) query: SearchDonationsQuery): Promise<DonationPage> {
    return this.searchService.search(query);
  }

  @MessagePattern(Rpc.donations.nearby)
  nearby(@Payload(new ValidatedPayload(PositionQuery)) query: PositionQuery): Promise<DonationView[]> {
    return this.searchService.nearby(query);
  }

  @MessagePattern(Rpc.donations.get)
  get(@Payload(new ValidatedPayload(DonationIdPayload)) input: DonationIdPayload): Promise<DonationView> {
    return this.donations.get(input.donationId);
  }

  @MessagePattern(Rpc.donations.create)
  create(@Payload(new ValidatedPayload(CreateDonationPayload)) input: CreateDonationPayload): Promise<DonationView> {
    return this.donations.create(input.actor, input.fields, input.image);
  }

  @MessagePattern(Rpc.donations.update)
  update(@Payload(new ValidatedPayload(UpdateDonationPayload)) input: UpdateDonationPayload) {
    return this.donations.update(input.actor, input.donationId, input.changes, input.image ?? null);
  }

  @MessagePattern(Rpc.donations.delete)
  delete(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload): Promise<DeletedDonation> {
    return this.donations.delete(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.forceDelete)
  forceDelete(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload): Promise<DeletedDonation> {
    return this.donations.forceDelete(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.byOwner)
  byOwner(@Payload(new ValidatedPayload(OwnerPagePayload)) input: OwnerPagePayload): Promise<DonationPage> {
    return this.donations.byOwner(input.ownerId, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }

  @MessagePattern(Rpc.donations.moderationList)
  moderationList(
    @Payload(new ValidatedPayload(ActorPagePayload)) input: ActorPagePayload,
  ): Promise<DonationPage<Omit<ModerationDonationView, 'ownerEmail'>>> {
    return this.donations.moderationList(input.actor, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }
}
