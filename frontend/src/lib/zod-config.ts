import { z } from 'zod';

// zod compiles fast parsers with `new Function` when it may; under our Content-Security-Policy
// (no 'unsafe-eval') its probe is refused and reported as a violation. The plain parsers are fast
// enough for forms.
z.config({ jitless: true });
