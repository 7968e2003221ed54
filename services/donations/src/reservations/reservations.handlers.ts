import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DonationRules, Rpc, type DonationPage, type DonationView, type ReservedDonationView } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { ActorDonationPayload, ActorPagePayload } from '../donations/donation.payloads.js';
import { ReservationsService } from './reservations.service.js';

@Controller()
export class ReservationsHandlers {
  constructor(private readonly reservations: ReservationsService) {}

  @MessagePattern(Rpc.donations.reserve)
  reserve(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload): Promise<DonationView> {
    return this.reservations.reserve(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.confirm)
  confirm(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload): Promise<DonationView> {
    return this.reservations.confirm(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.cancel)
  cancel(@Payload(new ValidatedPayload(ActorDonationPayload)) input: ActorDonationPayload): Promise<DonationView> {
    return this.reservations.cancel(input.actor, input.donationId);
  }

  @MessagePattern(Rpc.donations.reservations)
  list(@Payload(new ValidatedPayload(ActorPagePayload)) input: ActorPagePayload): Promise<DonationPage<ReservedDonationView>> {
    return this.reservations.ofReserver(input.actor, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }
}
