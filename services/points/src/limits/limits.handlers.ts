import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { PointsLimitsService } from './points-limits.service.js';

@Controller()
export class LimitsHandlers {
  constructor(private readonly points: PointsLimitsService) {}

  @RpcHandler(Rpc.points.limits)
  limits(input: RpcRequest<'points.limits'>) {
    return this.points.standing(input.userId);
  }
}
