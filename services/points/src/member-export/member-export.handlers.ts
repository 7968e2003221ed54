import { Controller } from '@nestjs/common';
import { Rpc, type MemberExportPage, type RpcRequest } from '@hdiya/contracts';
import { exportPage, RpcHandler } from '@hdiya/platform';
import { HistoryService } from '../history/history.service.js';
import { LedgerService } from '../ledger/ledger.service.js';

/**
 * The member's part of "Télécharger mes données" (issue 47): their balance and their whole points
 * history, newest first, a page at a time (each entry's id is where the next query starts).
 */
@Controller()
export class MemberExportHandlers {
  constructor(
    private readonly ledger: LedgerService,
    private readonly history: HistoryService,
  ) {}

  @RpcHandler(Rpc.points.exportMember)
  export({ userId, cursor }: RpcRequest<'points.member-export'>): Promise<MemberExportPage> {
    return exportPage(
      [
        {
          name: 'points.json',
          field: 'history',
          head: async () => ({ balance: await this.ledger.balanceOf(userId) }),
          list: async (after, limit) => (await this.history.history(userId, limit, after ?? undefined)).map((entry) => ({ item: entry, key: entry.id })),
        },
      ],
      cursor,
    );
  }
}
