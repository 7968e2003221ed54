import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCodes, MEMBER_EXPORTS_PER_DAY } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { clientAddressKey } from './client-address.js';

const DAY_SECONDS = 24 * 60 * 60;

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

function tooMany(message: (wait: number) => string, res: RateLimiterRes): ApiException {
  return new ApiException(429, ErrorCodes.RATE_LIMITED, message(minutes(res.msBeforeNext)));
}

/** One sign-in attempt (or a typed current password), as the login limits count it. */
export interface LoginAttempt {
  address: string | undefined;
  /** The account's id, or `unknown:<identifier>` when no account has that name. */
  accountKey: string;
  /** The device id of a valid known-device cookie for this account, if the request has one. */
  knownDeviceId?: string;
}

type Step = { limiter: RateLimiterRedis; key: string; message: (minutes: number) => string };

const loginMessage = (m: number) => `Trop de tentatives de connexion. Réessayez dans ${m} minute${m > 1 ? 's' : ''}.`;
const accountLockedMessage = (m: number) =>
  `Trop de tentatives de connexion sur ce compte. Connectez-vous depuis un appareil où vous vous êtes déjà connecté, ou réessayez dans ${m} minute${m > 1 ? 's' : ''}.`;
const membershipMessage = (m: number) => `Trop de tentatives d'inscription. Réessayez dans ${m} minutes.`;
const profileConflictsMessage = (m: number) => `Trop de modifications refusées. Réessayez dans ${m} minutes.`;

/**
 * Counters kept in Redis so every gateway replica shares them. Wrong passwords are counted per
 * account and address (or per account and known device), per address across accounts (guessing
 * across members; IPv6 per /64), and per account from everywhere: past that larger limit only the
 * account's known devices may still sign in, so nobody locks a member out of their own phone
 * (decision 0021). Signups and forms per address, generously, since many mobile users share one
 * carrier address.
 */
@Injectable()
export class RateLimits {
  private readonly loginFailuresByAccountAndAddress: RateLimiterRedis;
  private readonly loginFailuresByAccountAndDevice: RateLimiterRedis;
  private readonly loginFailuresByAccount: RateLimiterRedis;
  private readonly loginFailuresByAddress: RateLimiterRedis;
  private readonly signupsByAddress: RateLimiterRedis;
  private readonly membershipAnswersByAddress: RateLimiterRedis;
  private readonly profileConflictsByMember: RateLimiterRedis;
  private readonly formsByAddress: RateLimiterRedis;
  private readonly uploadsByMember: RateLimiterRedis;
  private readonly messagesByMember: RateLimiterRedis;
  private readonly typingByMember: RateLimiterRedis;
  private readonly resetsByEmail: RateLimiterRedis;
  private readonly resetsByAddress: RateLimiterRedis;
  private readonly verificationMailsByMember: RateLimiterRedis;
  private readonly verificationMailsByMemberDaily: RateLimiterRedis;
  private readonly verificationMailsByRecipientDaily: RateLimiterRedis;
  private readonly exportsByMember: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: RedisClient, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${keyPrefix}`, points, duration });
    const loginWindow = config.RATE_LOGIN_WINDOW_SECONDS;
    this.loginFailuresByAccountAndAddress = make('login-account-address', config.RATE_LOGIN_FAILURES_PER_ACCOUNT, loginWindow);
    this.loginFailuresByAccountAndDevice = make('login-account-device', config.RATE_LOGIN_FAILURES_PER_ACCOUNT, loginWindow);
    this.loginFailuresByAccount = make('login-account-total', config.RATE_LOGIN_FAILURES_PER_ACCOUNT_TOTAL, loginWindow);
    this.loginFailuresByAddress = make('login-address', config.RATE_LOGIN_FAILURES_PER_ADDRESS, loginWindow);
    this.signupsByAddress = make('signup-address', config.RATE_SIGNUPS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    // The key prefix predates the profile form sharing this allowance: kept, so counts survive a deploy.
    this.membershipAnswersByAddress = make('signup-conflicts-address', config.RATE_SIGNUP_CONFLICTS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.profileConflictsByMember = make('profile-conflicts-member', config.RATE_PROFILE_CONFLICTS_PER_MEMBER, config.RATE_HOURLY_WINDOW_SECONDS);
    this.formsByAddress = make('forms-address', config.RATE_FORMS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.uploadsByMember = make('uploads-member', config.RATE_UPLOADS_PER_MEMBER, config.RATE_HOURLY_WINDOW_SECONDS);
    this.messagesByMember = make('messages-member', config.RATE_MESSAGES_PER_MINUTE, 60);
    // One typing hint a second per member (the indicator needs no more), whatever its sockets.
    this.typingByMember = make('typing-member', 1, 1);
    this.resetsByEmail = make('password-resets-email', config.RATE_PASSWORD_RESETS_PER_EMAIL, config.RATE_HOURLY_WINDOW_SECONDS);
    this.resetsByAddress = make('password-resets-address', config.RATE_PASSWORD_RESETS_PER_ADDRESS, config.RATE_HOURLY_WINDOW_SECONDS);
    this.verificationMailsByMember = make('verification-mails-member', config.RATE_VERIFICATION_MAILS_PER_MEMBER, config.RATE_HOURLY_WINDOW_SECONDS);
    this.verificationMailsByMemberDaily = make('verification-mails-member-day', config.RATE_VERIFICATION_MAILS_PER_MEMBER_PER_DAY, DAY_SECONDS);
    this.verificationMailsByRecipientDaily = make('verification-mails-recipient-day', config.RATE_VERIFICATION_MAILS_PER_RECIPIENT_PER_DAY, DAY_SECONDS);
    this.exportsByMember = make('exports-member', MEMBER_EXPORTS_PER_DAY, DAY_SECONDS);
  }

  /**
   * Takes one attempt from every allowance the attempt counts in BEFORE the password is checked:
   * `consume` is atomic in Redis, so a parallel burst gets no more guesses than the limit.
   * `refundLoginAttempt` gives it back when the password was right. A known device is counted
   * on its own (per account and device) and passes the account's and the address's totals.
   */
  consumeLoginAttempt(attempt: LoginAttempt): Promise<void> {
    return this.consumeAll(this.loginSteps(attempt));
  }

  refundLoginAttempt(attempt: LoginAttempt): Promise<void> {
    return this.refund(this.loginSteps(attempt));
  }

  private loginSteps({ address, accountKey, knownDeviceId }: LoginAttempt): Step[] {
    if (knownDeviceId) return [{ limiter: this.loginFailuresByAccountAndDevice, key: `${accountKey}|${knownDeviceId}`, message: loginMessage }];
    const addressKey = clientAddressKey(address);
    return [
      { limiter: this.loginFailuresByAccountAndAddress, key: `${accountKey}|${addressKey}`, message: loginMessage },
      { limiter: this.loginFailuresByAddress, key: addressKey, message: loginMessage },
      { limiter: this.loginFailuresByAccount, key: accountKey, message: accountLockedMessage },
    ];
  }

  consumeSignup(address: string | undefined): Promise<void> {
    return this.consume(this.signupsByAddress, clientAddressKey(address), (m) => `Trop d'inscriptions depuis cette adresse. Réessayez dans ${m} minutes.`);
  }

  /**
   * Signup names the field already taken (username, e-mail, phone), which tells whether someone
   * is a member: that answer is rationed per address. Taken before the signup is tried (atomic,
   * so a parallel burst gets no more than the limit), given back when it was no conflict.
   */
  consumeSignupConflict(address: string | undefined): Promise<void> {
    return this.consumeAll(this.signupConflictSteps(address));
  }

  refundSignupConflict(address: string | undefined): Promise<void> {
    return this.refund(this.signupConflictSteps(address));
  }

  private signupConflictSteps(address: string | undefined): Step[] {
    return [{ limiter: this.membershipAnswersByAddress, key: clientAddressKey(address), message: membershipMessage }];
  }

  /**
   * The profile form answers EMAIL_TAKEN/PHONE_TAKEN too: rationed per member and per address
   * (the address's allowance is signup's), taken first and given back when it was no conflict.
   */
  consumeProfileConflict(address: string | undefined, memberId: string): Promise<void> {
    return this.consumeAll(this.profileConflictSteps(address, memberId));
  }

  refundProfileConflict(address: string | undefined, memberId: string): Promise<void> {
    return this.refund(this.profileConflictSteps(address, memberId));
  }

  private profileConflictSteps(address: string | undefined, memberId: string): Step[] {
    return [
      { limiter: this.profileConflictsByMember, key: memberId, message: profileConflictsMessage },
      { limiter: this.membershipAnswersByAddress, key: clientAddressKey(address), message: profileConflictsMessage },
    ];
  }

  consumeForm(address: string | undefined): Promise<void> {
    return this.consume(this.formsByAddress, clientAddressKey(address), (m) => `Trop de demandes. Réessayez dans ${m} minutes.`);
  }

  /**
   * "Mot de passe oublié" sends a mail: counted per e-mail address typed (a member's inbox is not
   * flooded from many addresses) and per client address, whether or not the e-mail is a member's,
   * so the 429 tells nothing either.
   */
  consumePasswordReset(address: string | undefined, email: string): Promise<void> {
    const message = (m: number) => `Trop de demandes de réinitialisation. Réessayez dans ${m} minutes.`;
    return this.consumeAll([
      { limiter: this.resetsByAddress, key: clientAddressKey(address), message },
      { limiter: this.resetsByEmail, key: email.toLowerCase(), message },
    ]);
  }

  /**
   * A verification mail, whether "Renvoyer le lien" or a change of address sends it (issue 45: a
   * member changing their address in a loop mailed strangers): per member per hour and per day,
   * and per address it goes to per day, whoever asks.
   */
  consumeVerificationMail(memberId: string, recipient: string): Promise<void> {
    return this.consumeAll(this.verificationMailSteps(memberId, recipient));
  }

  /** A change of address that sent no mail (refused, or no new address) gives its count back. */
  refundVerificationMail(memberId: string, recipient: string): Promise<void> {
    return this.refund(this.verificationMailSteps(memberId, recipient));
  }

  private verificationMailSteps(memberId: string, recipient: string): Step[] {
    const hourly = (m: number) => `Trop de liens envoyés. Réessayez dans ${m} minutes.`;
    const daily = (m: number) => `Trop de liens envoyés aujourd’hui. Réessayez dans ${Math.ceil(m / 60)} heure${m > 60 ? 's' : ''}.`;
    return [
      { limiter: this.verificationMailsByMember, key: memberId, message: hourly },
      { limiter: this.verificationMailsByMemberDaily, key: memberId, message: daily },
      { limiter: this.verificationMailsByRecipientDaily, key: recipient.toLowerCase(), message: daily },
    ];
  }

  /** Photos are counted per member: they cost CPU and storage whoever sends them. */
  consumeUpload(memberId: string): Promise<void> {
    return this.consume(this.uploadsByMember, memberId, (m) => `Trop de photos envoyées. Réessayez dans ${m} minutes.`);
  }

  /** "Télécharger mes données" reads every service's tables: a few a day per member. */
  consumeExport(memberId: string): Promise<void> {
    return this.consume(this.exportsByMember, memberId, (m) => {
      const hours = Math.ceil(m / 60);
      return `Vous avez déjà téléchargé vos données ${MEMBER_EXPORTS_PER_DAY} fois aujourd’hui. Réessayez dans ${hours} heure${hours > 1 ? 's' : ''}.`;
    });
  }

  consumeMessage(memberId: string): Promise<void> {
    return this.consume(this.messagesByMember, memberId, () => 'Trop de messages envoyés. Patientez une minute.');
  }

  /** Consumes from each in turn; when one refuses, gives back what the earlier ones took. */
  private async consumeAll(steps: Step[]): Promise<void> {
    for (const [index, step] of steps.entries()) {
      try {
        await this.consume(step.limiter, step.key, step.message);
      } catch (error) {
        await this.refund(steps.slice(0, index));
        throw error;
      }
    }
  }

  private async refund(steps: Step[]): Promise<void> {
    await Promise.all(steps.map((step) => step.limiter.reward(step.key, 1)));
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
