import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { RepeatingJobs } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { ReplyRemindersService } from './reply-reminders.service.js';

/** Runs the reply reminders every `REPLY_REMINDER_INTERVAL_MS` (safe on every replica). */
@Injectable()
export class ReplyReminderJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly jobs = new RepeatingJobs(new Logger('reply-reminders'));

  constructor(
    private readonly reminders: ReplyRemindersService,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.every(this.config.REPLY_REMINDER_INTERVAL_MS, 'reminded', () => this.reminders.remindDue());
  }

  // Before the application's shutdown hooks, which close the database: a run still going ends first.
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.stop();
  }
}
