import { Controller } from '@nestjs/common';
import { Rpc } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ImpactService } from './impact.service.js';

@Controller()
export class ImpactHandlers {
  constructor(private readonly impact: ImpactService) {}

  @RpcHandler(Rpc.donations.impact)
  figures() {
    return this.impact.impact();
  }
}
