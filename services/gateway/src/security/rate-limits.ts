import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCodes } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function tooMany(message: (wait: number) => string, res: RateLimiterRes): ApiException {
  return new ApiException(429, ErrorCodes.RATE_LIMITED, message(minutes(res.msBeforeNext)));
}

/**
 * Counters kept in Redis so every gateway replica shares them. Failed logins are counted per
 * account (password guessing on one member) and per address (guessing across members); signups
 * and forms per address, generously, since many mobile users share one carrier address.
 */
@Injectable()
export class RateLimits {
  private readonly loginFailuresByAccount: RateLimiterRedis;
  private readonly loginFailuresByAddress: RateLimiterRedis;
  private readonly signupsByAddress: RateLimiterRedis;
  private readonly formsByAddress: RateLimiterRedis;
  private readonly uploadsByMember: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: RedisClient, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix: `rl:${keyPrefix}`, points, duration });
    this.loginFailuresByAccount = make('login-account', config.RATE_LOGIN_FAILURES_PER_ACCOUNT, config.RATE_LOGIN_WINDOW_SECONDS);
    this.loginFailuresByAddress = make('login-address', config.RATE_LOGIN_FAILURES_PER_ADDRESS, config.RATE_LOGIN_WINDOW_SECONDS);
    this.signupsByAddress = make('signup-address', config.RATE_SIGNUPS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.formsByAddress = make('forms-address', config.RATE_FORMS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.uploadsByMember = make('uploads-member', config.RATE_UPLOADS_PER_MEMBER, config.RATE_HOURLY_WINDOW_SECONDS);
  }

  /** Refuses a login attempt while either failure counter is exhausted. */
  async assertLoginAllowed(address: string, account: string): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([
      this.loginFailuresByAccount.get(account.toLowerCase()),
      this.loginFailuresByAddress.get(address),
    ]);
    for (const res of [byAccount, byAddress]) {
      if (res && res.remainingPoints <= 0) {
        throw tooMany((m) => `Trop de tentatives de connexion. Réessayez dans ${m} minute${m > 1 ? 's' : ''}.`, res);
      }
    }
  }

  async recordLoginFailure(address: string, account: string): Promise<void> {
    await Promise.all([
      this.loginFailuresByAccount.penalty(account.toLowerCase(), 1),
      this.loginFailuresByAddress.penalty(address, 1),
    ]);
  }

  async recordLoginSuccess(account: string): Promise<void> {
    await this.loginFailuresByAccount.delete(account.toLowerCase());
  }

  consumeSignup(address: string): Promise<void> {
    return this.consume(this.signupsByAddress, address, (m) => `Trop d'inscriptions depuis cette adresse. Réessayez dans ${m} minutes.`);
  }

  consumeForm(address: string): Promise<void> {
    return this.consume(this.formsByAddress, address, (m) => `Trop de demandes. Réessayez dans ${m} minutes.`);
  }

  /** Photos are counted per member: they cost CPU and storage whoever sends them. */
  consumeUpload(memberId: string): Promise<void> {
    return this.consume(this.uploadsByMember, memberId, (m) => `Trop de photos envoyées. Réessayez dans ${m} minutes.`);
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
