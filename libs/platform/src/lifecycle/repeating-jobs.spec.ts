import { RepeatingJobs } from './repeating-jobs.js';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe(RepeatingJobs.name, () => {
  it('should wait for a run in flight when stopped, and start none after', async () => {
    const jobs = new RepeatingJobs(quiet);
    let finish!: () => void;
    const events: string[] = [];
    jobs.every(10_000, 'job', async () => {
      events.push('started');
      await new Promise<void>((resolve) => (finish = resolve));
      events.push('finished');
      return 1;
    }, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['started']);
    const stopped = jobs.stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['started']);
    finish();
    await stopped;
    expect(events).toEqual(['started', 'finished', 'stopped']);
  });

  it('should never run a job twice at once, and go on after a failed run', async () => {
    const jobs = new RepeatingJobs(quiet);
    let runs = 0;
    let active = 0;
    let mostAtOnce = 0;
    jobs.every(5, 'job', async () => {
      runs += 1;
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      await new Promise((resolve) => setTimeout(resolve, 30));
      active -= 1;
      if (runs === 1) throw new Error('first run fails');
      return 0;
    });
    for (let waited = 0; runs < 3 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await jobs.stop();
    expect({ runs: runs >= 3, mostAtOnce, active }).toEqual({ runs: true, mostAtOnce: 1, active: 0 });
  });
});
