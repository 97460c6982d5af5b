/** Rounds of each fault (CHAOS_ROUNDS, default 3; CI runs 1). */
export const ROUNDS = Math.max(1, Number(process.env.CHAOS_ROUNDS ?? 3) || 3);
