import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig } from 'swr';
import messages from '@/lib/i18n/messages/es.json';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { WaitlistSection } from './waitlist-section';

/** "En lista de espera" on Mis citas: the active entries only, each worded for the client. */

jest.mock('@/components/waitlist/waitlist.css', () => ({}));
jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const m = messages.waitlist;
const ACCOUNT = 'u-ana';

const entry = (o: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 'e1',
  services: [{ id: 1, name: 'Corte de pelo' }],
  employee_id: 'any',
  employee_name: null,
  from: '2026-05-03',
  to: '2026-05-05',
  part_of_day: 'morning',
  client_id: 'ana@example.com',
  user_id: ACCOUNT,
  user_name: 'Ana Pérez',
  status: 'waiting',
  offer: null,
  created_at: '2026-05-01T10:00:00.000Z',
  ...o,
});

/** The section's markup from the server page's list (a fresh SWR cache each time). */
const html = (entries: WaitlistEntry[]) =>
  renderToStaticMarkup(
    <SWRConfig value={{ provider: () => new Map() }}>
      <WaitlistSection email="ana@example.com" accountId={ACCOUNT} initial={entries} />
    </SWRConfig>,
  );

describe('WaitlistSection', () => {
  it('is not there without an active entry', () => {
    expect(html([])).toBe('');
    expect(html([entry({ status: 'booked' }), entry({ id: 'e2', status: 'expired' }), entry({ id: 'e3', status: 'cancelled' })])).toBe('');
  });

  it('lists a waiting entry: services, any stylist, the dates, the part of the day and Quitar', () => {
    const markup = html([entry()]);
    expect(markup).toContain(m.section);
    expect(markup).toContain('Corte de pelo');
    expect(markup).toContain(m.anyStylist);
    expect(markup).toContain('del 3 al 5 de mayo');
    expect(markup).toContain(m.partMorning);
    expect(markup).toContain(m.statusWaiting);
    expect(markup).toContain(`>${m.remove}</button>`);
    // The account holder's own entry names nobody.
    expect(markup).not.toContain(`<dt>${m.person}</dt>`);
  });

  it('names the stylist, and the person when it is a sub-user', () => {
    const markup = html([entry({ employee_id: 'sara@klok.demo', employee_name: 'Sara López', user_id: 's-leo', user_name: 'Leo Pérez', part_of_day: 'afternoon' })]);
    expect(markup).toContain('Sara López');
    expect(markup).toContain(`<dt>${m.person}</dt><dd>Leo Pérez</dd>`);
    expect(markup).toContain(m.partAfternoon);
  });

  it('tells the hour offered (Madrid) and to look at the e-mail', () => {
    const offer = { start_time: '2026-05-04T08:30:00.000Z', expires_at: '2026-05-01T11:00:00.000Z' };
    const markup = html([entry({ status: 'offered', offer }), entry({ id: 'e2', status: 'cancelled' })]);
    expect(markup).toContain('Te hemos ofrecido un hueco: lunes, 4 de mayo a las 10:30. Revisa tu correo.');
    expect(markup).toContain(m.statusOffered);
    expect(markup).toContain('1 aviso');
  });
});
