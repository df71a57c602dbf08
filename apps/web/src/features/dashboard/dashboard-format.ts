/** Whole minutes, at least one, of a subject's length given in seconds. */
export const durationMinutes = (seconds: number): number => Math.max(1, Math.round(seconds / 60));
