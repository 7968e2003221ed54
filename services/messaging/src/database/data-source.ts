import { DataSource } from 'typeorm';
import { databaseTimeoutsOf, serviceDataSourceOptions, type DatabaseConfigOf } from '@hdiya/platform';
import { SCHEMA, type MessagingConfig } from '../config.js';
import { InitialMessagingSchema1763750000000 } from './migrations/1763750000000-InitialMessagingSchema.js';
import { MessagesAndNotifications1763900000000 } from './migrations/1763900000000-MessagesAndNotifications.js';
import { PushSubscriptions1764000000000 } from './migrations/1764000000000-PushSubscriptions.js';
import { ReplyWaits1764000000300 } from './migrations/1764000000300-ReplyWaits.js';
import { NotificationDispatch1764300000000 } from './migrations/1764300000000-NotificationDispatch.js';
import { ChatPhotos1764660000000 } from './migrations/1764660000000-ChatPhotos.js';
import { MemberJoinedAt1765000000000 } from './migrations/1765000000000-MemberJoinedAt.js';
import { MemberStanding1766500000000 } from './migrations/1766500000000-MemberStanding.js';
import { MailOutboxMember1797740000000 } from './migrations/1797740000000-MailOutboxMember.js';

export function messagingDataSourceOptions(config: DatabaseConfigOf<MessagingConfig>) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    entities: [],
    migrations: [
      InitialMessagingSchema1763750000000,
      MessagesAndNotifications1763900000000,
      PushSubscriptions1764000000000,
      ReplyWaits1764000000300,
      NotificationDispatch1764300000000,
      ChatPhotos1764660000000,
      MemberJoinedAt1765000000000,
      MemberStanding1766500000000,
      MailOutboxMember1797740000000,
    ],
    poolSize: config.DATABASE_POOL_SIZE,
    timeouts: databaseTimeoutsOf(config),
    applicationName: 'messaging',
  });
}

export const createMessagingDataSource = (config: DatabaseConfigOf<MessagingConfig>) =>
  new DataSource(messagingDataSourceOptions(config));
