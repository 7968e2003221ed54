import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { AccountView } from '@hdiya/contracts';
import type { SessionUser } from './session-user.js';

@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(account: AccountView | SessionUser, done: (error: Error | null, user: SessionUser) => void): void {
    done(null, { id: account.id, role: account.role });
  }

  deserializeUser(stored: SessionUser, done: (error: Error | null, user: SessionUser) => void): void {
    done(null, stored);
  }
}
