import { ConsoleLogger, type LoggerService, type LogLevel } from '@nestjs/common';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import { currentRequestId } from './request-context.js';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const PINO_LEVEL: Record<LogLevel, string> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/**
 * Nest's logger calls, written by pino as one JSON object per line: `service`, `context` (the
 * Nest class or area), `requestId` of the request in progress when there is one, and `msg`.
 */
class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    if (!this.pino.isLevelEnabled(level)) return;
    // Nest passes the context last (a string), and for errors a stack before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields = { context, ...(stack ? { stack } : {}) };
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ ...fields, ...message });
    else this.pino[level](fields, String(message));
  }
}

/** JSON lines through pino by default (log shippers need no parsing rules); `pretty` for a terminal. */
export function createLogger(service: string, level: string = 'log', format: 'json' | 'pretty' = 'json', destination?: DestinationStream): LoggerService {
  const upTo = Math.max(LEVELS.indexOf(level as LogLevel), LEVELS.indexOf('error'));
  if (format === 'pretty') return new ConsoleLogger(service, { logLevels: LEVELS.slice(0, upTo + 1) });
  const options = {
    level: PINO_LEVEL[LEVELS[upTo]!],
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  // Standard output, written synchronously: a process killed a moment later loses no line.
  return new PinoNestLogger(destination ? pino(options, destination) : pino(options));
}
