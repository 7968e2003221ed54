import { Controller } from '@nestjs/common';
import { DonationRules, Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ReservationsService } from './reservations.service.js';

@Controller()
export class ReservationsHandlers {
  constructor(private readonly reservations: ReservationsService) {}

  @RpcHandler(Rpc.donations.limits)
  limits(input: RpcRequest<'donations.limits'>) {
    return this.reservations.standing(input.userId);
  }

  @RpcHandler(Rpc.donations.reserve)
  reserve(input: RpcRequest<'donations.reserve'>) {
    return this.reservations.reserve(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.confirm)
  confirm(input: RpcRequest<'donations.confirm'>) {
    return this.reservations.confirm(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.cancel)
  cancel(input: RpcRequest<'donations.cancel'>) {
    return this.reservations.cancel(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.handover)
  handover(input: RpcRequest<'donations.handover.get'>) {
    return this.reservations.handover(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.confirmHandover)
  confirmHandover(input: RpcRequest<'donations.handover.confirm'>) {
    return this.reservations.confirmByCode(input.actor, input.donationId, input.handover.code);
  }

  @RpcHandler(Rpc.donations.disputeReception)
  dispute(input: RpcRequest<'donations.reception.dispute'>) {
    return this.reservations.dispute(input.actor, input.donationId);
  }

  @RpcHandler(Rpc.donations.reservations)
  list(input: RpcRequest<'donations.reservations'>) {
    return this.reservations.ofReserver(input.actor, input.page.limit ?? DonationRules.defaultPageSize, input.page.cursor);
  }
}
