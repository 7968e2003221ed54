/**
 * A named point where fault-injection tests kill the process, to prove a cross-service change
 * survives a crash exactly there. Inert unless HDIYA_CRASH_AT names this point.
 */
export function crashpoint(name: string): void {
  if (process.env.HDIYA_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
