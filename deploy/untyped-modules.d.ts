// The packages the scripts under deploy/ use that ship no types (and have no @types package
// installed): what the scripts call of them.

declare module 'cookie-signature' {
  /** `value.signature`, as express-session signs its cookie. */
  export function sign(value: string, secret: string): string;
}

declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    [key: string]: unknown;
  }
  function autocannon(options: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
