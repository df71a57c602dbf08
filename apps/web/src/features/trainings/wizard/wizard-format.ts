/** The subjects' running time in whole minutes, at least one when there is anything to watch. */
export function totalMinutes(subjects: readonly { duration: number }[]): number {
  const seconds = subjects.reduce((sum, s) => sum + Math.max(0, s.duration), 0);
  return seconds === 0 ? 0 : Math.max(1, Math.round(seconds / 60));
}
