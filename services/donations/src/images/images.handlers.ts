import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, Max, Min, ValidateNested } from 'class-validator';
import { Rpc } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { ActorDto, StoredImageDto } from '../donations/donation.payloads.js';
import { ImagesService } from './images.service.js';

export class RegisterImagePayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => ActorDto)
  actor: ActorDto;

  @IsDefined()
  @ValidateNested()
  @Type(() => StoredImageDto)
  image: StoredImageDto;
}

export class SweepImagesPayload {
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number;
}

@Controller()
export class ImagesHandlers {
  constructor(private readonly images: ImagesService) {}

  @MessagePattern(Rpc.donations.registerImage)
  register(@Payload(new ValidatedPayload(RegisterImagePayload)) input: RegisterImagePayload) {
    return this.images.register(input.actor, input.image);
  }

  @MessagePattern(Rpc.donations.sweepImages)
  async sweep(@Payload(new ValidatedPayload(SweepImagesPayload)) input: SweepImagesPayload): Promise<{ keys: string[] }> {
    return { keys: await this.images.sweepUnattached(input.limit) };
  }
}
