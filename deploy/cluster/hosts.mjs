// @ts-check
// Hosts for the cluster test (`npm run test:cluster`, root only): each host a network namespace
// (hdc-h1..hdc-h3) with one address on a bridge in hdc-hub (10.78.0.1-3), and the root namespace
// on the same bridge (10.78.0.254), where the test runs the load balancer, which also forwards the
// machine's Postgres, Redis, S3 server and mail catcher (they listen on loopback only). A host's
// link is cut by taking its bridge port down: its connections stall without a reset, as when a
// machine loses power or its switch.
import { execFileSync, spawn } from 'node:child_process';

export const HUB = 'hdc-hub';
export const HOSTS = Object.freeze(['hdc-h1', 'hdc-h2', 'hdc-h3']);
export const ROOT_ADDRESS = '10.78.0.254';
/** @param {number} index 0-based */
export const hostAddress = (index) => `10.78.0.${index + 1}`;

/** @param {string[]} args */
const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * The launcher that runs a command inside host `index` (`ip netns exec` execs it: the PID is the command's own).
 * @param {number} index
 */
export const onHost = (index) => ['ip', 'netns', 'exec', HOSTS[index]];

/** Why the namespaces cannot be made here (not root, no `ip netns`), or undefined when they can. */
export function unavailable() {
  if (process.getuid?.() !== 0) return 'the cluster test needs root (network namespaces): run it as root';
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
  } catch (error) {
    return `\`ip netns\` does not work here (${/** @type {Error} */ (error).message.split('\n')[0]})`;
  }
  return undefined;
}

/**
 * The PIDs of the processes running in namespace `ns` (none when it does not exist).
 * @param {string} ns
 */
function pidsIn(ns) {
  try {
    return execFileSync('ip', ['netns', 'pids', ns], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Removes what `up` made, and what an interrupted run left: the processes still running on the
 * hosts (only the cluster test starts any there) are killed first, as a namespace outlives its
 * deletion while a process is in it.
 */
export function down() {
  for (const ns of HOSTS) {
    for (const pid of pidsIn(ns)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
  }
  for (const ns of [...HOSTS, HUB]) {
    try {
      ip('netns', 'del', ns);
    } catch {
      /* not there */
    }
  }
  try {
    ip('link', 'del', 'hdc-root');
  } catch {
    /* went with the hub */
  }
}

/** The hub, its bridge, the three hosts and the root namespace's port on the bridge. */
export function up() {
  down();
  ip('netns', 'add', HUB);
  ip('-n', HUB, 'link', 'add', 'br0', 'type', 'bridge');
  ip('-n', HUB, 'link', 'set', 'br0', 'up');
  HOSTS.forEach((ns, index) => {
    ip('netns', 'add', ns);
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    ip('-n', HUB, 'link', 'add', `port-${index + 1}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
    ip('-n', HUB, 'link', 'set', `port-${index + 1}`, 'master', 'br0', 'up');
    ip('-n', ns, 'addr', 'add', `${hostAddress(index)}/24`, 'dev', 'eth0');
    ip('-n', ns, 'link', 'set', 'eth0', 'up');
  });
  ip('link', 'add', 'hdc-root', 'type', 'veth', 'peer', 'name', 'port-root', 'netns', HUB);
  ip('-n', HUB, 'link', 'set', 'port-root', 'master', 'br0', 'up');
  ip('addr', 'add', `${ROOT_ADDRESS}/24`, 'dev', 'hdc-root');
  ip('link', 'set', 'hdc-root', 'up');
}

/**
 * Takes host `index`'s bridge port down (`cut`) or up again.
 * @param {number} index
 * @param {boolean} linked
 */
export function setLink(index, linked) {
  ip('-n', HUB, 'link', 'set', `port-${index + 1}`, linked ? 'up' : 'down');
}

/**
 * Spawns `command` inside host `index` (`ip netns exec` execs it: the pid is the program's own).
 * @param {number} index
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 */
export function spawnOn(index, command, args, options) {
  const [launcher, ...launcherArgs] = onHost(index);
  return spawn(launcher, [...launcherArgs, command, ...args], options);
}
