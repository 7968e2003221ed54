import { Module } from '@nestjs/common';
import { AlertsConsumer } from './alerts.consumer.js';

/** The alerts a new donation sends: to saved searches and to asks it matches. */
@Module({ providers: [AlertsConsumer] })
export class AlertsModule {}
