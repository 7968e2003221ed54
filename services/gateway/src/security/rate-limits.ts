import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCodes } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { clientAddressKey } from './client-address.js';

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function tooMany(message: (wait: number) => string, res: RateLimiterRes): ApiException {
  return new ApiException(429, ErrorCodes.RATE_LIMITED, message(minutes(res.msBeforeNext)));
}

/**
 * Counters kept in Redis so every gateway replica shares them. Login attempts are counted per
 * account (password guessing on one member, whichever identifier names it) and per address
 * (guessing across members; IPv6 per /64); signups
 * and forms per address, generously, since many mobile users share one carrier address.
 */
@Injectable()
export class RateLimits {
  private readonly loginFailuresByAccount: RateLimiterRedis;
  private readonly loginFailuresByAddress: RateLimiterRedis;
  private readonly signupsByAddress: RateLimiterRedis;
  private readonly signupConflictsByAddress: RateLimiterRedis;
  private readonly formsByAddress: RateLimiterRedis;
  private readonly uploadsByMember: RateLimiterRedis;
  private readonly messagesByMember: RateLimiterRedis;
  private readonly typingByMember: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: RedisClient, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${keyPrefix}`, points, duration });
    this.loginFailuresByAccount = make('login-account', config.RATE_LOGIN_FAILURES_PER_ACCOUNT, config.RATE_LOGIN_WINDOW_SECONDS);
    this.loginFailuresByAddress = make('login-address', config.RATE_LOGIN_FAILURES_PER_ADDRESS, config.RATE_LOGIN_WINDOW_SECONDS);
    this.signupsByAddress = make('signup-address', config.RATE_SIGNUPS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.signupConflictsByAddress = make('signup-conflicts-address', config.RATE_SIGNUP_CONFLICTS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.formsByAddress = make('forms-address', config.RATE_FORMS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.uploadsByMember = make('uploads-member', config.RATE_UPLOADS_PER_MEMBER, config.RATE_HOURLY_WINDOW_SECONDS);
    this.messagesByMember = make('messages-member', config.RATE_MESSAGES_PER_MINUTE, 60);
    // One typing hint a second per member (the indicator needs no more), whatever its sockets.
    this.typingByMember = make('typing-member', 1, 1);
  }

  /**
   * Takes one attempt from the account's and the address's allowance BEFORE the password is
   * checked: `consume` is atomic in Redis, so a parallel burst gets no more guesses than the
   * limit. `refundLoginAttempt` gives it back when the password was right.
   */
  async consumeLoginAttempt(address: string | undefined, accountKey: string): Promise<void> {
    const message = (m: number) => `Trop de tentatives de connexion. Réessayez dans ${m} minute${m > 1 ? 's' : ''}.`;
    await this.consume(this.loginFailuresByAccount, accountKey, message);
    try {
      await this.consume(this.loginFailuresByAddress, clientAddressKey(address), message);
    } catch (error) {
      await this.loginFailuresByAccount.reward(accountKey, 1);
      throw error;
    }
  }

  async refundLoginAttempt(address: string | undefined, accountKey: string): Promise<void> {
    await Promise.all([this.loginFailuresByAccount.reward(accountKey, 1), this.loginFailuresByAddress.reward(clientAddressKey(address), 1)]);
  }

  consumeSignup(address: string | undefined): Promise<void> {
    return this.consume(this.signupsByAddress, clientAddressKey(address), (m) => `Trop d'inscriptions depuis cette adresse. Réessayez dans ${m} minutes.`);
  }

  /**
   * Signup names the field already taken (username, e-mail, phone), which tells whether someone
   * is a member: that answer is rationed per address. Checked before each signup, counted on each.
   */
  async assertSignupConflictsLeft(address: string | undefined): Promise<void> {
    const res = await this.signupConflictsByAddress.get(clientAddressKey(address));
    if (res && res.remainingPoints <= 0) throw tooMany((m) => `Trop de tentatives d'inscription. Réessayez dans ${m} minutes.`, res);
  }

  async recordSignupConflict(address: string | undefined): Promise<void> {
    await this.signupConflictsByAddress.penalty(clientAddressKey(address), 1);
  }

  consumeForm(address: string | undefined): Promise<void> {
    return this.consume(this.formsByAddress, clientAddressKey(address), (m) => `Trop de demandes. Réessayez dans ${m} minutes.`);
  }

  /** Photos are counted per member: they cost CPU and storage whoever sends them. */
  consumeUpload(memberId: string): Promise<void> {
    return this.consume(this.uploadsByMember, memberId, (m) => `Trop de photos envoyées. Réessayez dans ${m} minutes.`);
  }

  consumeMessage(memberId: string): Promise<void> {
    return this.consume(this.messagesByMember, memberId, () => 'Trop de messages envoyés. Patientez une minute.');
  }

  /** False when the member already sent a typing hint this second (from any socket, on any replica). */
  async allowTyping(memberId: string): Promise<boolean> {
    try {
      await this.typingByMember.consume(memberId);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }

  private async consume(limiter: RateLimiterRedis, key: string, message: (minutes: number) => string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(message, rejection);
      throw rejection;
    }
  }
}
