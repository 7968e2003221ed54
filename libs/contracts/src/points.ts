export interface BalanceView {
  userId: string;
  points: number;
  blockedPoints: number;
  reliabilityScore: number;
  /** False until the points service has opened the account (the welcome credit is applied). */
  opened: boolean;
}

export const WELCOME_POINTS = 10;
export const INITIAL_RELIABILITY = 100;
