import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { SocketMetrics } from './socket-metrics.js';

/** The gateway's own gauges (the HTTP ones are middleware, set up in gateway-app.ts). */
@Module({
  imports: [RealtimeModule],
  providers: [SocketMetrics],
})
export class MetricsModule {}
