import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { Rpc, type AccountView } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';

/** Username (or e-mail) and password, checked by the users service. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly services: ServiceClient) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  validate(username: string, password: string): Promise<AccountView> {
    return this.services.call(Rpc.users.verifyCredentials, { username, password });
  }
}
