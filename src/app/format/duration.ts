import { twoDigits } from './twoDigits.ts';

/** Remaining time as a countdown shows it: "0:07", "4:59", "1:02:03". Whole seconds, rounded up. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = twoDigits(total % 60);
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${seconds}` : `${minutes}:${seconds}`;
}
