import { Controller } from '@nestjs/common';
import { Rpc, type MemberExportPage, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { MemberExportService } from './member-export.service.js';

@Controller()
export class MemberExportHandlers {
  constructor(private readonly exports: MemberExportService) {}

  @RpcHandler(Rpc.messaging.exportMember)
  export({ userId, cursor }: RpcRequest<'messaging.member-export'>): Promise<MemberExportPage> {
    return this.exports.page(userId, cursor);
  }
}
