// Expiry countdown shown under the QR. Whole seconds, rounded up, so "00:00" only appears once
// the charge has really expired.

export function secondsUntil(isoDate: string, nowMs: number): number {
  const target = Date.parse(isoDate);
  if (Number.isNaN(target)) return 0;
  return Math.max(0, Math.ceil((target - nowMs) / 1000));
}

/** 125 → "02:05"; an hour or more → "1:02:05". */
export function formatCountdown(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = safe % 60;
  const mmss = `${pad(minutes)}:${pad(seconds)}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** The last minute turns the countdown amber: the cashier should hurry the customer. */
export function isRunningOut(totalSeconds: number): boolean {
  return totalSeconds > 0 && totalSeconds <= 60;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
