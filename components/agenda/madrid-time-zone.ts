import { createPlugin, type PluginDef } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { instantOfMadridLocal, madridLocalMs, MINUTE_MS, ZONE } from '@/lib/domain/time';

/**
 * FullCalendar's named time zone for Europe/Madrid: an adapter over lib/domain/time (one cached `Intl`
 * formatter, each date's offsets computed once), instead of @fullcalendar/luxon3, whose luxon `DateTime`
 * per conversion costs a large share of the calendar's first render.
 * Wall-clock arrays are FullCalendar's `[year, month 0–11, day, hour, minute, second, ms]`; offsets in
 * minutes east of UTC (Madrid's +60 or +120). Other zone names are refused (the agenda shows Madrid only).
 */
export class MadridTimeZone extends NamedTimeZoneImpl {
  constructor(timeZoneName: string) {
    if (timeZoneName !== ZONE) throw new Error(`Only ${ZONE} is supported, not ${timeZoneName}`);
    super(timeZoneName);
  }

  /**
   * The offset (minutes) in force at a Madrid wall-clock time; a time of the skipped hour is read an hour
   * later, one of the repeated hour as its first (summer-time) occurrence (as `madridWallClock`).
   */
  offsetForArray(a: number[]): number {
    const local = Date.UTC(a[0] ?? 1970, a[1] ?? 0, a[2] ?? 1, a[3] ?? 0, a[4] ?? 0, a[5] ?? 0, a[6] ?? 0);
    const instant = instantOfMadridLocal(local);
    if (Number.isNaN(instant)) throw new Error(`Not a calendar date: ${a.join(',')}`);
    return (local - instant) / MINUTE_MS;
  }

  /** The Madrid wall clock of an instant (epoch ms). */
  timestampToArray(ms: number): number[] {
    const wall = new Date(madridLocalMs(ms));
    return [
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
    ];
  }
}

/** The FullCalendar plugin that makes `timeZone: 'Europe/Madrid'` use {@link MadridTimeZone}. */
export const madridTimeZonePlugin: PluginDef = createPlugin({ name: 'klok-madrid-time-zone', namedTimeZonedImpl: MadridTimeZone });
