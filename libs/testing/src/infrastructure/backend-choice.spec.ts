import { backendSetting, chooseBackend, type ContainerRuntimeProbe } from './backend-choice.js';

const engineAnswers: ContainerRuntimeProbe = () => Promise.resolve('server 27.1.1 on Ubuntu 24.04, reached at localhost');
const noEngine: ContainerRuntimeProbe = () => Promise.reject(new Error('Could not find a working container runtime strategy'));
const engineHangs: ContainerRuntimeProbe = () => new Promise(() => undefined);

describe('backendSetting', () => {
  it('should default to auto when HDIYA_TEST_CONTAINERS is unset or empty', () => {
    expect(backendSetting(undefined)).toBe('auto');
    expect(backendSetting(' ')).toBe('auto');
  });

  it('should accept on, off and auto in any case', () => {
    expect(backendSetting('ON')).toBe('on');
    expect(backendSetting('off')).toBe('off');
    expect(backendSetting('Auto')).toBe('auto');
  });

  it('should refuse any other value, naming the variable', () => {
    expect(() => backendSetting('yes')).toThrow(/HDIYA_TEST_CONTAINERS must be on, off or auto \(got 'yes'\)/);
  });
});

describe('chooseBackend', () => {
  it('should use the machine when off, without asking for a container engine', async () => {
    let asked = 0;
    const choice = await chooseBackend('off', () => {
      asked += 1;
      return engineAnswers();
    });
    expect(choice).toEqual({ backend: 'machine', reason: 'HDIYA_TEST_CONTAINERS=off' });
    expect(asked).toBe(0);
  });

  it('should use the machine when auto and no engine answers, saying why', async () => {
    const choice = await chooseBackend('auto', noEngine);
    expect(choice.backend).toBe('machine');
    expect(choice.reason).toContain('Could not find a working container runtime strategy');
  });

  it('should not wait longer than the timeout for an engine that never answers', async () => {
    const started = Date.now();
    const choice = await chooseBackend('auto', engineHangs, 50);
    expect(choice).toEqual({ backend: 'machine', reason: 'HDIYA_TEST_CONTAINERS=auto and no container engine answers: no answer within 50 ms' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('should use containers when auto and an engine answers', async () => {
    const choice = await chooseBackend('auto', engineAnswers);
    expect(choice.backend).toBe('containers');
    expect(choice.reason).toContain('server 27.1.1 on Ubuntu 24.04');
  });

  it('should use containers when on and an engine answers', async () => {
    expect((await chooseBackend('on', engineAnswers)).backend).toBe('containers');
  });

  it('should fail clearly when on and no engine answers, instead of falling back', async () => {
    await expect(chooseBackend('on', noEngine)).rejects.toThrow(
      /^HDIYA_TEST_CONTAINERS=on but no container engine answers \(Could not find a working container runtime strategy\): start Docker/,
    );
    await expect(chooseBackend('on', engineHangs, 50)).rejects.toThrow(/no answer within 50 ms/);
  });
});
