// @ts-check
// CPU time of processes from /proc (Linux): what a benchmark divides by the work done to say how
// many milliseconds each process spends per request or message.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux clock ticks per second, for /proc CPU times. */
const CLOCK_TICKS = 100;

/**
 * CPU time (ms) the given processes have used so far (user + system); null where /proc cannot tell
 * (not Linux). A process gone meanwhile counts nothing.
 * @param {number[]} pids
 * @returns {number | null}
 */
export function cpuMs(pids) {
  try {
    readFileSync('/proc/self/stat');
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      // exited
    }
  }
  return total;
}

/**
 * The processes whose command name is `name` (`postgres`, `redis-server`, `nats-server`), found now.
 * @param {string} name
 * @returns {number[]}
 */
export function pidsNamed(name) {
  /** @type {number[]} */
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) found.push(Number(entry));
    } catch {
      // exited
    }
  }
  return found;
}

/**
 * A CPU meter over named groups of processes: `start()`, then `stop(units)` answers each group's
 * CPU milliseconds per unit of work (message, request) in between. Groups given as a function are
 * looked up again at stop, so processes started meanwhile (Postgres backends) count.
 * @param {Record<string, () => number[]>} groups
 */
export function cpuMeter(groups) {
  /** @type {Map<string, Map<number, number>>} */
  let before = new Map();
  const perPid = (/** @type {number[]} */ pids) => new Map(pids.map((pid) => [pid, cpuMs([pid]) ?? 0]));
  return {
    start() {
      before = new Map(Object.entries(groups).map(([name, pidsOf]) => [name, perPid(pidsOf())]));
    },
    /** @param {number} units */
    stop(units) {
      /** @type {Record<string, number>} */
      const spent = {};
      for (const [name, pidsOf] of Object.entries(groups)) {
        const start = before.get(name) ?? new Map();
        let ms = 0;
        for (const [pid, now] of perPid(pidsOf())) ms += now - (start.get(pid) ?? 0);
        spent[name] = units > 0 ? ms / units : 0;
      }
      return spent;
    },
  };
}

/**
 * A table of CPU per unit of work by process, one column per path compared (the product and its
 * floor), with each column's total: what the benchmarks print under their throughput figures.
 * @param {[string, Record<string, number> | null | undefined][]} columns  each column's heading and its CPU ms per unit by process
 * @param {(ms: number) => string} format  how a cell shows its milliseconds
 * @returns {string}
 */
export function cpuTable(columns, format) {
  const names = Object.keys(columns.find(([, cpu]) => cpu)?.[1] ?? {});
  const line = (/** @type {string} */ label, /** @type {string[]} */ cells) => `${label.padEnd(16)} ${cells.map((cell) => cell.padStart(9)).join(' ')}`;
  const total = (/** @type {Record<string, number> | null | undefined} */ cpu) => Object.values(cpu ?? {}).reduce((a, b) => a + b, 0);
  return [
    line('', columns.map(([heading]) => heading)),
    ...names.map((name) => line(name, columns.map(([, cpu]) => format(cpu?.[name] ?? 0)))),
    line('total', columns.map(([, cpu]) => format(total(cpu)))),
  ].join('\n');
}
