import { backendSetting, chooseBackend } from './backend-choice.js';
import { askContainerRuntime } from './container-runtime-probe.js';
import { stackConnection, testVariables } from './endpoints.js';
import type { TestInfrastructure, TestInfrastructureOptions, TestServers } from './infrastructure-types.js';
import { startMailCatcher } from './mail-catcher.js';
import { startMachineInfrastructure } from './machine-infrastructure.js';

/**
 * The one entry point to the servers tests need: a fresh database (roles, schemas, PostGIS,
 * migrations), NATS with JetStream and Redis (open and/or secured), an S3 server and a mail
 * catcher (maildev, an npm package: a process of this machine on either backend). In
 * containers when a container engine answers (HDIYA_TEST_CONTAINERS=auto, the default, or on),
 * otherwise on this machine's services; both give the same endpoints.
 */
export async function startTestInfrastructure(options: TestInfrastructureOptions): Promise<TestInfrastructure> {
  const log = options.log ?? ((line: string) => console.log(line));
  const choice = await chooseBackend(backendSetting(process.env.HDIYA_TEST_CONTAINERS), askContainerRuntime);
  const where = choice.backend === 'containers' ? 'containers (testcontainers)' : "this machine's services";
  log(`test infrastructure on ${where}: ${choice.reason}`);
  let servers: TestServers;
  if (choice.backend === 'containers') {
    // Loaded on demand, as testcontainers is: the machine backend needs neither.
    const { startContainerInfrastructure } = await import('./container-infrastructure.js');
    servers = await startContainerInfrastructure(options);
  } else {
    servers = await startMachineInfrastructure(options);
  }
  const mail = await startMailCatcher().catch(async (error: unknown) => {
    await servers.stop();
    throw error;
  });
  const withMail = { ...servers, mail };
  return {
    ...withMail,
    stop: async () => {
      await mail.stop();
      await servers.stop();
    },
    backend: choice.backend,
    env: () => testVariables(withMail),
    stackConnection: () => stackConnection(withMail),
  };
}

