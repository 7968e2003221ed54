import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DonationRules, Rpc, type DonationPage } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { ActorDonationPayload, ActorPagePayload } from '../donations/donation.payloads.js';
import { FavoritesService } from './favorites.service.js';

@Controller()
export class FavoritesHandlers {
  constructor(private readonly favorites: FavoritesService) {}

  @MessagePattern(Rpc.donations.addFavorite)
  add(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload) {
    return this.favorites.add(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.removeFavorite)
  remove(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload) {
    return this.favorites.remove(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.favorites)
  list(@Payload(new ValidatedPayload(ActorPagePayload)) input: ActorPagePayload): Promise<DonationPage> {
    return this.favorites.list(input.actor, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }
}
