/**
 * ISO 8601 durations (`P3Y6M4DT12H30M5S`, `P2W`), the format of `valid_duration`.
 * At least one component is required: `P` and `PT` alone are invalid.
 */
const ISO_DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export interface IsoDuration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function parseIsoDuration(value: string): IsoDuration | null {
  const match = ISO_DURATION.exec(value);
  if (!match) return null;
  const [, years, months, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return { years, months, weeks, days, hours, minutes, seconds };
}

export function isIsoDuration(value: string): boolean {
  return parseIsoDuration(value) !== null;
}

/**
 * `start + duration`, calendar-aware in UTC: years and months move the calendar date
 * (Jan 31 + P1M = Mar 3, as Date arithmetic does), the rest are exact elapsed time.
 * Throws on an invalid duration: callers validate first.
 */
export function addIsoDuration(start: Date, value: string): Date {
  const duration = parseIsoDuration(value);
  if (!duration) throw new Error(`Invalid ISO 8601 duration: ${value}`);
  const result = new Date(start.getTime());
  if (duration.years || duration.months) {
    result.setUTCFullYear(result.getUTCFullYear() + duration.years, result.getUTCMonth() + duration.months);
  }
  const elapsedMs = ((duration.weeks * 7 + duration.days) * 86_400 + duration.hours * 3_600 + duration.minutes * 60 + duration.seconds) * 1000;
  return new Date(result.getTime() + elapsedMs);
}
