import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { allEventsOf, EventTypes, type EventEnvelope, type UserRegisteredV1, type UserUpdatedV1 } from '@hdiya/contracts';
import { EVENT_BUS, EventConsumer, type EventBus } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

type MemberEvent = UserRegisteredV1 | UserUpdatedV1;

/** Keeps `donations.members` in step with the users service (UserRegistered, UserUpdated). */
@Injectable()
export class MembersConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly consumer: EventConsumer<MemberEvent>;

  constructor(@Inject(EVENT_BUS) bus: EventBus, dataSource: DataSource) {
    this.consumer = new EventConsumer<MemberEvent>({
      bus,
      dataSource,
      schema: SCHEMA,
      durable: 'donations-members',
      subject: allEventsOf('users'),
      handle: (event, manager) => applyMemberEvent(event, manager),
      logger: new Logger('donations:members'),
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}

export async function applyMemberEvent(event: EventEnvelope<MemberEvent>, manager: EntityManager): Promise<void> {
  if (event.type !== EventTypes.users.UserRegistered && event.type !== EventTypes.users.UserUpdated) return;
  const p = event.payload;
  const profileImageUrl = 'profileImageUrl' in p ? p.profileImageUrl : null;
  await manager.query(
    `INSERT INTO "donations"."members" ("user_id", "username", "first_name", "last_name", "profile_image_url", "updated_at")
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT ("user_id") DO UPDATE SET "username" = EXCLUDED."username", "first_name" = EXCLUDED."first_name",
       "last_name" = EXCLUDED."last_name", "profile_image_url" = EXCLUDED."profile_image_url", "updated_at" = EXCLUDED."updated_at"
     WHERE "members"."updated_at" <= EXCLUDED."updated_at"`,
    [p.userId, p.username, p.firstName, p.lastName, profileImageUrl, event.occurredAt],
  );
}
