import { Module } from '@nestjs/common';
import { ModerationLogHandlers } from './moderation-log.handlers.js';

/** Moderators read what moderators did here (the entries are written by each action, in its transaction). */
@Module({ controllers: [ModerationLogHandlers] })
export class ModerationLogModule {}
