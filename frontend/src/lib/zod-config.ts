// zod compiles fast parsers with `new Function` when it may; under our Content-Security-Policy
// (no 'unsafe-eval') its probe is refused and reported as a violation. The plain parsers are fast
// enough for forms. zod keeps its settings in this global (zod/v4/core's `globalConfig`) and
// adopts one set before it loads: setting it here keeps zod itself out of the first download
// (the forms that use it load on demand). zod-config.spec.ts checks that zod reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;
export {};
