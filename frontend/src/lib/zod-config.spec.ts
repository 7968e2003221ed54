import { describe, expect, it } from 'vitest';
import '@/lib/zod-config';
import { globalConfig } from 'zod/v4/core';
import { z } from 'zod';

describe('zod settings set before zod loads', () => {
  it('are the ones zod parses with: no compiled parsers (no eval under the CSP)', () => {
    expect(globalConfig.jitless).toBe(true);
    expect(z.object({ title: z.string().min(2) }).safeParse({ title: 'Table' }).success).toBe(true);
  });
});
