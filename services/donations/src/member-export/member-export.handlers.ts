import { Controller } from '@nestjs/common';
import { Rpc, type MemberExportPart, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { MemberExportService } from './member-export.service.js';

@Controller()
export class MemberExportHandlers {
  constructor(private readonly exports: MemberExportService) {}

  @RpcHandler(Rpc.donations.exportMember)
  export({ userId }: RpcRequest<'donations.member-export'>): Promise<MemberExportPart> {
    return this.exports.export(userId);
  }
}
