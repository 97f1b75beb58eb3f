/**
 * Business hours of business-hours-only data access: Monday to Friday, 09:00 to 18:00, in the
 * organisation's time zone (an IANA name; daylight saving is the time zone's business).
 */
export const BUSINESS_HOURS = {
  openMinute: 9 * 60,
  closeMinute: 18 * 60,
  label: 'Monday to Friday, 09:00–18:00',
} as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 = Sunday) and minute of the day of `at` on the wall clocks of `timeZone`. */
function wallClock(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: SHORT.indexOf(get('weekday')), minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

const isWorkday = (weekday: number) => weekday >= 1 && weekday <= 5;

export function isBusinessHours(at: Date, timeZone: string): boolean {
  const { weekday, minute } = wallClock(at, timeZone);
  return isWorkday(weekday) && minute >= BUSINESS_HOURS.openMinute && minute < BUSINESS_HOURS.closeMinute;
}

/** When business hours next begin, in words: "today at 09:00", "tomorrow at 09:00", "on Monday at 09:00". */
export function nextOpening(at: Date, timeZone: string): string {
  const { weekday, minute } = wallClock(at, timeZone);
  if (isWorkday(weekday) && minute < BUSINESS_HOURS.openMinute) return 'today at 09:00';
  let days = 1;
  while (!isWorkday((weekday + days) % 7)) days++;
  return days === 1 ? 'tomorrow at 09:00' : `on ${WEEKDAYS[(weekday + days) % 7]} at 09:00`;
}
