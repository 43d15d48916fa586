import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import { madridDate } from '@/lib/domain/time';
import { WaitlistForm, type WaitlistFormProps } from './waitlist-form';

/** "Avísame si se libera un hueco": what the form shows from the wizard's choice, and what it asks. */

jest.mock('./waitlist.css', () => ({}));
jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const m = messages.waitlist;
const ana = { id: 'u-ana', name: 'Ana Pérez' };
const leo = { id: 's-leo', name: 'Leo Pérez' };
const html = (o: Partial<WaitlistFormProps> = {}) =>
  renderToStaticMarkup(
    <WaitlistForm
      email="ana@example.com"
      services={[
        { id: 2, name: 'Color' },
        { id: 1, name: 'Corte de pelo' },
      ]}
      stylist={{ email: 'any', name: 'Cualquier estilista' }}
      people={[ana]}
      onJoined={() => {}}
      onCancel={() => {}}
      {...o}
    />,
  );
/** The `value` of the date inputs, in order. */
const dates = (markup: string) => [...markup.matchAll(/type="date"[^>]*value="([^"]*)"/g)].map((x) => x[1]);

describe('WaitlistForm', () => {
  it('shows the chosen services and stylist instead of asking them', () => {
    const markup = html();
    expect(markup).toContain('Servicios');
    expect(markup).toContain('Color, Corte de pelo');
    expect(markup).toContain('Cualquier estilista');
    expect(markup).not.toContain('<select');
  });

  it('starts Desde and Hasta at the chosen date, within today and the end of the window', () => {
    const today = madridDate(Date.now());
    expect(dates(html())).toEqual([today, today]);
    expect(html()).toContain(`min="${today}"`);
    // A date out of the window (the past) falls back to today.
    expect(dates(html({ date: '2000-01-01' }))).toEqual([today, today]);
  });

  it('offers the three parts of the day, Cualquiera chosen', () => {
    const markup = html();
    for (const label of [m.partMorning, m.partAfternoon, m.partAny]) expect(markup).toContain(label);
    expect(markup).toMatch(/checked="" value="any"/);
  });

  it('asks for whom only when the account has several people, starting with the wizard\u2019s person', () => {
    const markup = html({ people: [ana, leo], person: leo.id });
    expect(markup).toContain(`>${m.person}</label>`);
    expect(markup).toMatch(/<option value="s-leo" selected="">Leo Pérez<\/option>/);
  });
});
