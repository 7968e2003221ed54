import type { ErrorCodes } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';

/** Why a rule refuses a step: the RPC error it answers. */
export interface Refusal {
  status: number;
  code: (typeof ErrorCodes)[keyof typeof ErrorCodes];
  message: string;
}

/** The RPC error a refusal answers, to throw. */
export const refusal = (r: Refusal) => rpcError(r.status, r.code, r.message);
