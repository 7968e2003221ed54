import { Controller } from '@nestjs/common';
import { Rpc, type MemberExportPart, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { HistoryService } from '../history/history.service.js';
import { LedgerService } from '../ledger/ledger.service.js';

/** Every ledger entry a member has: a lifetime of gifts stays well under one reply's size. */
const WHOLE_HISTORY = 100_000;

/** The member's part of "Télécharger mes données" (issue 47): their balance and their whole points history. */
@Controller()
export class MemberExportHandlers {
  constructor(
    private readonly ledger: LedgerService,
    private readonly history: HistoryService,
  ) {}

  @RpcHandler(Rpc.points.exportMember)
  async export({ userId }: RpcRequest<'points.member-export'>): Promise<MemberExportPart> {
    const [balance, history] = await Promise.all([this.ledger.balanceOf(userId), this.history.history(userId, WHOLE_HISTORY)]);
    return { files: [{ name: 'points.json', content: { balance, history } }], photoKeys: [] };
  }
}
