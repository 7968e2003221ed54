import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { PushRelay } from './push-relay.js';
import { SeenReports } from './seen-reports.js';
import { SocketServer } from './socket-server.js';

/** The members' sockets and the pushes relayed to them from the services' events. */
@Module({
  imports: [SessionModule],
  providers: [SocketServer, PushRelay, SeenReports],
  exports: [SocketServer],
})
export class RealtimeModule {}
