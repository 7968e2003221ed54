import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { RepeatingJobs } from '@hdiya/platform';
import { MemberSuspensionsService } from './member-suspensions.service.js';

/** How often suspensions whose date passed are ended: sign-in lets the member in from the date itself. */
const EXPIRY_EVERY_MS = 60_000;

/** Ends suspensions whose date passed, with their event and mail (safe on every replica). */
@Injectable()
export class SuspensionExpiryJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly jobs = new RepeatingJobs(new Logger('suspension-expiry'));

  constructor(private readonly suspensions: MemberSuspensionsService) {}

  onApplicationBootstrap(): void {
    this.jobs.every(EXPIRY_EVERY_MS, 'suspensions ended', () => this.suspensions.endExpired(), 5_000);
  }

  // Before the application's shutdown hooks, which close the database: a run still going ends first.
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.stop();
  }
}
