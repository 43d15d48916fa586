import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import type { AvailableHour, HourGroup } from '@/lib/validation/dto';
import { HourStep } from './later-steps';

/** The hour step as staff see it today: "Ahora" first, then the free hours (Madrid labels). */

jest.mock('./booking.css', () => ({}));
jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const hour = (start: string, minutes = 30): AvailableHour => {
  const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return { id: `${start}_${end}`, start_time: start, end_time: end };
};
const loaded = (groups: HourGroup[]) => ({ data: groups, error: undefined, isLoading: false });

/** The radio labels in document order. */
function radios(node: ReactElement): string[] {
  const html = renderToStaticMarkup(node);
  return [...html.matchAll(/role="radio"[^>]*>([^<]*)</g)].map((m) => m[1]!);
}

const groups: HourGroup[] = [
  { hour: '14:00', hours: [hour('2026-11-26T13:15:00.000Z'), hour('2026-11-26T13:30:00.000Z')] },
  { hour: '15:00', hours: [hour('2026-11-26T14:00:00.000Z')] },
];

describe('HourStep with a walk-in', () => {
  it('offers "Ahora · 14:05" first, then the listed hours', () => {
    const walkIn = hour('2026-11-26T13:05:00.000Z');
    expect(radios(<HourStep hours={loaded(groups)} onChange={() => {}} walkIn={walkIn} />)).toEqual(['Ahora · 14:05', '14:15', '14:30', '15:00']);
  });

  it('lists a listed hour with the same start only once, as "Ahora"', () => {
    const walkIn = hour('2026-11-26T13:15:00.000Z');
    expect(radios(<HourStep hours={loaded(groups)} onChange={() => {}} walkIn={walkIn} />)).toEqual(['Ahora · 14:15', '14:30', '15:00']);
  });

  it('offers "Ahora" when no hour is free (outside the shifts), and says so without it', () => {
    const walkIn = hour('2026-11-26T20:40:00.000Z');
    expect(radios(<HourStep hours={loaded([])} onChange={() => {}} walkIn={walkIn} />)).toEqual(['Ahora · 21:40']);
    const html = renderToStaticMarkup(<HourStep hours={loaded([])} onChange={() => {}} />);
    expect(html).toContain(messages.booking.noHours);
  });

  it('without a walk-in (another day) shows the hours as they are', () => {
    expect(radios(<HourStep hours={loaded(groups)} onChange={() => {}} />)).toEqual(['14:15', '14:30', '15:00']);
  });
});
