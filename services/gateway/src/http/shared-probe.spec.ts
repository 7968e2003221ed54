import { sharedProbe } from './shared-probe.js';

describe(sharedProbe.name, () => {
  it('should run one probe at a time and keep its result for keepMs after it settles', async () => {
    let clock = 0;
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const probe = sharedProbe(() => new Promise<number>((resolve) => ((runs += 1), (finish = resolve))), 3000, () => clock);
    const waiting = [probe(), probe(), probe()];
    clock = 10_000;
    finish(1);
    expect(await Promise.all(waiting)).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
    clock = 12_999;
    expect(await probe()).toBe(1);
    clock = 13_000;
    const next = probe();
    finish(2);
    expect(await next).toBe(2);
    expect(runs).toBe(2);
  });

  it('should probe again after a failure once keepMs has passed', async () => {
    let clock = 0;
    let runs = 0;
    const probe = sharedProbe(async () => {
      runs += 1;
      if (runs === 1) throw new Error('down');
      return 'up';
    }, 1000, () => clock);
    await expect(probe()).rejects.toThrow('down');
    clock = 1000;
    expect(await probe()).toBe('up');
  });
});
