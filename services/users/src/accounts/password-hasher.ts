import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with the library's defaults (OWASP-level memory cost). */
@Injectable()
export class PasswordHasher {
  // Verified against when the account does not exist, so that a wrong username costs
  // the same time as a wrong password (no account enumeration by timing).
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  verify(hash: string, password: string): Promise<boolean> {
    return argon2.verify(hash, password).catch(() => false);
  }

  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('no-such-account-password');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
