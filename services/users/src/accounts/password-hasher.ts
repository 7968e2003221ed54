import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id's cost: memory in KiB and passes (the users service's PASSWORD_HASH_* settings). */
export interface PasswordHashCost {
  memoryKib: number;
  timeCost: number;
}

export const PASSWORD_HASH_COST = Symbol('PASSWORD_HASH_COST');

/** argon2id, at the configured cost (by default the library's, 64 MiB and 3 passes, above OWASP's least). */
@Injectable()
export class PasswordHasher {
  // Verified against when the account does not exist, so that a wrong username costs
  // the same time as a wrong password (no account enumeration by timing).
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(PASSWORD_HASH_COST) private readonly cost: PasswordHashCost) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.cost.memoryKib, timeCost: this.cost.timeCost });
  }

  /** Against the cost the hash was made with (it is written in the hash). */
  verify(hash: string, password: string): Promise<boolean> {
    return argon2.verify(hash, password).catch(() => false);
  }

  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('no-such-account-password');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}

export const passwordHashCostOf = (config: { PASSWORD_HASH_MEMORY_KIB: number; PASSWORD_HASH_TIME_COST: number }): PasswordHashCost => ({
  memoryKib: config.PASSWORD_HASH_MEMORY_KIB,
  timeCost: config.PASSWORD_HASH_TIME_COST,
});
