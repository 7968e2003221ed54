import { Injectable } from '@nestjs/common';
import { Rpc, type AccountView, type BalanceView, type CurrentAccountView } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';

const POINTS_TIMEOUT_MS = 1500;

@Injectable()
export class CurrentAccountService {
  constructor(private readonly services: ServiceClient) {}

  async load(userId: string): Promise<CurrentAccountView> {
    const [account, balance] = await Promise.all([
      this.services.call(Rpc.users.get, { userId }),
      this.balance(userId),
    ]);
    return withBalance(account, balance);
  }

  async withPoints(account: AccountView): Promise<CurrentAccountView> {
    return withBalance(account, await this.balance(account.id));
  }

  /** Points are shown as unknown rather than failing the whole page when that service is down. */
  private balance(userId: string): Promise<BalanceView | null> {
    return this.services.call(Rpc.points.balance, { userId }, POINTS_TIMEOUT_MS).catch(() => null);
  }
}

function withBalance(account: AccountView, balance: BalanceView | null): CurrentAccountView {
  return {
    ...account,
    points: balance ? balance.points : null,
    blockedPoints: balance ? balance.blockedPoints : null,
    reliabilityScore: balance ? balance.reliabilityScore : null,
    pointsPending: balance ? !balance.opened : false,
  };
}
