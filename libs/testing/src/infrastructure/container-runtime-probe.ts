import type { ContainerRuntimeProbe } from './backend-choice.js';

/**
 * Asks testcontainers for a container engine (Docker, or Podman through DOCKER_HOST). Loaded on
 * demand: with HDIYA_TEST_CONTAINERS=off nothing of testcontainers is ever loaded.
 */
export const askContainerRuntime: ContainerRuntimeProbe = async () => {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const { containerRuntime } = (await getContainerRuntimeClient()).info;
  return `server ${containerRuntime.serverVersion} on ${containerRuntime.operatingSystem}, reached at ${containerRuntime.host}`;
};
