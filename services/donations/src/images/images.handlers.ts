import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ImagesService } from './images.service.js';

@Controller()
export class ImagesHandlers {
  constructor(private readonly images: ImagesService) {}

  @RpcHandler(Rpc.donations.registerImage)
  register(input: RpcRequest<'donations.images.register'>) {
    return this.images.register(input.actor, input.image);
  }

  @RpcHandler(Rpc.donations.sweepImages)
  async sweep(input: RpcRequest<'donations.images.sweep'>) {
    return { keys: await this.images.sweepUnattached(input.limit) };
  }
}
