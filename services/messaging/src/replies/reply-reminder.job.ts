import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { ReplyRemindersService } from './reply-reminders.service.js';

/** Runs the reply reminders every `REPLY_REMINDER_INTERVAL_MS` (safe on every replica). */
@Injectable()
export class ReplyReminderJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('reply-reminders');
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly reminders: ReplyRemindersService,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), this.config.REPLY_REMINDER_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const count = await this.reminders.remindDue();
      if (count > 0) this.logger.log(`reminded: ${count}`);
    } catch (error) {
      this.logger.warn(`failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
