/**
 * The lengths a slot selected in the agenda can be blocked for in one tap (Nuevo evento): the selection
 * as made, 30 minutes, 1 hour, 2 hours, or until the stylist's closing time that day. Pure.
 *
 * Every end stays within the start's Madrid day (a block never runs past midnight). An end that runs
 * into another appointment or leave of the stylist is not shortened here: the server refuses the
 * overlap (409) and its message is shown, so a tap never blocks less than it says.
 */
import { minutesOf, type ShiftLike } from './schedule';
import { madridDate, madridWallClock, MINUTE_MS } from './time';

/** The fixed lengths offered, in minutes. */
export const BLOCK_LENGTHS = [30, 60, 120] as const;
export type BlockLength = (typeof BLOCK_LENGTHS)[number];

/** A one-tap block: the selection as made, a fixed length from its start, or until closing. */
export type BlockChoice = 'selection' | BlockLength | 'close';

/** A choice and the instant (epoch ms) its block ends. */
export type BlockOption = { choice: BlockChoice; end: number };

/**
 * The end (epoch ms) of a block starting at `start` (epoch ms) for a fixed length or until closing,
 * given the stylist's shifts of the start's Madrid date (`HH:mm`, as `shiftOfDate` resolves them).
 * A length ends `length` minutes later, capped at the end of that Madrid day. Until closing ends at the
 * day's last shift close, whether the start lies inside a shift, in a break or before opening; it is
 * null (not offered) when the stylist does not work that day or the start is at or after that close.
 */
export function blockEnd(start: number, choice: BlockLength | 'close', shifts: readonly ShiftLike[]): number | null {
  const date = madridDate(start);
  if (choice === 'close') {
    const closes = shifts.map((s) => minutesOf(s.close)).filter((m): m is number => m !== null);
    if (closes.length === 0) return null;
    const close = madridWallClock(date, Math.max(...closes));
    return close > start ? close : null;
  }
  return Math.min(start + choice * MINUTE_MS, madridWallClock(date, 1440));
}

/**
 * The one-tap options of a selected range `[start, end)` (epoch ms), in the order shown: the selection
 * itself when it ends elsewhere than every fixed length (a range dragged to another length), then the
 * fixed lengths (one capped at the day's end like the one before it is left out), then until closing
 * when it applies (see `blockEnd`).
 */
export function blockOptions(selection: { start: number; end: number }, shifts: readonly ShiftLike[]): BlockOption[] {
  const lengths: BlockOption[] = [];
  for (const length of BLOCK_LENGTHS) {
    const end = blockEnd(selection.start, length, shifts)!;
    if (lengths.at(-1)?.end !== end) lengths.push({ choice: length, end });
  }
  const options: BlockOption[] = [];
  if (selection.end > selection.start && !lengths.some((o) => o.end === selection.end)) {
    options.push({ choice: 'selection', end: selection.end });
  }
  options.push(...lengths);
  const close = blockEnd(selection.start, 'close', shifts);
  if (close !== null) options.push({ choice: 'close', end: close });
  return options;
}
