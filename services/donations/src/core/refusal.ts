import type { ErrorCodes } from '@hdiya/contracts';

/** Why a rule refuses a step: the RPC error it answers. */
export interface Refusal {
  status: number;
  code: (typeof ErrorCodes)[keyof typeof ErrorCodes];
  message: string;
}
