import type { TestBackend } from './infrastructure-types.js';

// Which backend runs the test infrastructure. Pure: the question "does a container engine answer?"
// is passed in, so the choice is tested without Docker and without loading testcontainers.

/** HDIYA_TEST_CONTAINERS: 'on' (containers, or fail), 'off' (this machine), 'auto' (containers when an engine answers). */
export type BackendSetting = 'on' | 'off' | 'auto';

export interface BackendChoice {
  backend: TestBackend;
  /** Why, for the one line the runner prints. */
  reason: string;
}

/** Resolves a description of the engine that answered (e.g. 'server 27.1.1 on Ubuntu 24.04, reached at localhost'); rejects when none does. */
export type ContainerRuntimeProbe = () => Promise<string>;

/**
 * An engine that takes longer than this is treated as absent: tests should not wait on a stuck
 * socket. Loading testcontainers counts too; with no engine at all the answer comes at once.
 */
export const PROBE_TIMEOUT_MS = 10_000;

export function backendSetting(value: string | undefined): BackendSetting {
  const setting = (value ?? '').trim().toLowerCase() || 'auto';
  if (setting === 'on' || setting === 'off' || setting === 'auto') return setting;
  throw new Error(`HDIYA_TEST_CONTAINERS must be on, off or auto (got '${value}')`);
}

export async function chooseBackend(setting: BackendSetting, probe: ContainerRuntimeProbe, timeoutMs = PROBE_TIMEOUT_MS): Promise<BackendChoice> {
  if (setting === 'off') return { backend: 'machine', reason: 'HDIYA_TEST_CONTAINERS=off' };
  const answer = await askWithin(probe, timeoutMs);
  if (answer.engine !== undefined) {
    return { backend: 'containers', reason: `HDIYA_TEST_CONTAINERS=${setting} and a container engine answers: ${answer.engine}` };
  }
  if (setting === 'on') {
    throw new Error(
      `HDIYA_TEST_CONTAINERS=on but no container engine answers (${answer.failure}): start Docker or set DOCKER_HOST, ` +
        "or unset HDIYA_TEST_CONTAINERS to test on this machine's services",
    );
  }
  return { backend: 'machine', reason: `HDIYA_TEST_CONTAINERS=auto and no container engine answers: ${answer.failure}` };
}

async function askWithin(probe: ContainerRuntimeProbe, timeoutMs: number): Promise<{ engine?: string; failure?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<{ failure: string }>((resolve) => {
    timer = setTimeout(() => resolve({ failure: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const answer = probe().then(
    (engine) => ({ engine }),
    (error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }),
  );
  try {
    return await Promise.race([answer, silence]);
  } finally {
    clearTimeout(timer);
  }
}
