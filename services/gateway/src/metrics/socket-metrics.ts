import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { registerGauge } from '@hdiya/platform';
import { SocketServer } from '../realtime/socket-server.js';

/** The socket.io connections open on this replica, read when Prometheus scrapes. */
@Injectable()
export class SocketMetrics implements OnApplicationBootstrap {
  constructor(private readonly sockets: SocketServer) {}

  onApplicationBootstrap(): void {
    registerGauge('hdiya_open_sockets', 'socket.io connections open on this gateway replica', () => this.sockets.connectedCount());
  }
}
