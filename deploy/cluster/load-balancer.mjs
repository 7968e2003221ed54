// @ts-check
// The cluster test's load balancer: Debian's HAProxy in the root namespace, in front of the
// gateways (sticky for socket.io, taken out on a failing /api/ready), and the TCP forwarders
// through which the hosts reach the machine's loopback-only servers (Postgres, Redis, the S3
// server, the mail catcher). Decision 0069.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForPort } from '../local/stack.mjs';
import { ROOT_ADDRESS } from './hosts.mjs';

/**
 * @typedef {{ name: string, address: string, port: number }} Backend  one gateway
 * @typedef {{ port: number, backends: Backend[], forwards: number[] }} LoadBalancerPlan
 *   port: where members reach the gateways (on ROOT_ADDRESS); forwards: loopback ports opened on ROOT_ADDRESS too
 */

/**
 * HAProxy's configuration for `plan`. Gateways: a member stays on the gateway its SERVERID cookie
 * names (socket.io's long polling needs it) unless that one is down (redispatch); a gateway
 * answering /api/ready with anything but 200 (or not within 2 s) twice, 500 ms apart, takes no new requests
 * (its drain, decision 0067). Forwarders: plain TCP, idle connections kept an hour (pools, LISTEN).
 * @param {LoadBalancerPlan} plan
 */
export function loadBalancerConfig(plan) {
  const lines = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  timeout connect 2s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout tunnel 1h',
    '  timeout http-request 10s',
    'frontend gateways',
    '  mode http',
    `  bind ${ROOT_ADDRESS}:${plan.port}`,
    '  default_backend gateways',
    'backend gateways',
    '  mode http',
    // A request has 30 s; an upgraded socket.io connection is a tunnel (an hour idle).
    '  timeout server 30s',
    '  balance roundrobin',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    '  cookie SERVERID insert indirect nocache',
    // Checked every 500 ms, each answer given 2 s (a busy gateway on a loaded 2-core machine
    // took 0.5-0.6 s: a 500 ms limit took the last gateway out while it served).
    '  timeout check 2s',
    '  default-server inter 500ms fall 2 rise 2',
    ...plan.backends.map((b) => `  server ${b.name} ${b.address}:${b.port} check cookie ${b.name}`),
  ];
  for (const port of plan.forwards) {
    lines.push(`listen loopback-${port}`, '  mode tcp', `  bind ${ROOT_ADDRESS}:${port}`, `  server loopback 127.0.0.1:${port}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the configuration to `file` and runs HAProxy in the foreground (-db); resolves the
 * ChildProcess once the gateways' frontend listens (rejects if HAProxy refuses its configuration).
 * @param {string} file
 * @param {LoadBalancerPlan} plan
 * @param {(line: string) => void} log
 */
export async function startLoadBalancer(file, plan, log) {
  stopLeftover();
  writeFileSync(file, loadBalancerConfig(plan));
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  writeFileSync(PID_FILE, String(child.pid));
  child.once('exit', () => rmSync(PID_FILE, { force: true }));
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => log(String(chunk).trim()));
  const exited = new Promise((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`haproxy exited with code ${code}: see the lines above`)));
  });
  await Promise.race([waitForPort(ROOT_ADDRESS, plan.port, 10_000), exited]);
  return child;
}

/** The running load balancer's PID, so that a run interrupted before stopping it can be cleaned up. */
const PID_FILE = path.join(os.tmpdir(), 'hdiya-cluster-haproxy.pid');

/** Ends the HAProxy an interrupted run left (by its recorded PID, if that process is still HAProxy). */
function stopLeftover() {
  let pid;
  try {
    pid = Number(readFileSync(PID_FILE, 'utf8'));
  } catch {
    return;
  }
  try {
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('haproxy')) process.kill(pid, 'SIGKILL');
  } catch {
    /* gone already */
  }
  rmSync(PID_FILE, { force: true });
}
