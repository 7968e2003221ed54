/**
 * A named point where fault-injection tests stop the process, to prove a cross-service change
 * survives exactly there: HDIYA_CRASH_AT=<name> kills it (SIGKILL, a crash), HDIYA_PAUSE_AT=<name>
 * freezes it (SIGSTOP, a long pause: GC, swapped out, a stalled VM) until the test sends SIGCONT;
 * HDIYA_PAUSE_AT may list several points, comma-separated. Inert unless one of them names this point.
 */
export function crashpoint(name: string): void {
  if (process.env.HDIYA_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
  if (process.env.HDIYA_PAUSE_AT?.split(',').includes(name)) process.kill(process.pid, 'SIGSTOP');
}
