import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import { WaitlistPrompt } from './waitlist-prompt';

/** "Avísame si se libera un hueco" under the client wizard's hours: secondary below hours, leading on a day without any. */

jest.mock('./waitlist.css', () => ({}));
jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const m = messages.waitlist;
const html = (empty: boolean) =>
  renderToStaticMarkup(
    <WaitlistPrompt
      email="ana@example.com"
      services={[{ id: 1, name: 'Corte de pelo' }]}
      stylist={{ email: 'sara@klok.demo', name: 'Sara López' }}
      people={[{ id: 'u-ana', name: 'Ana Pérez' }]}
      date="2026-05-04"
      empty={empty}
    />,
  );

describe('WaitlistPrompt', () => {
  it('is a secondary button below the hours, the sheet not loaded yet', () => {
    const markup = html(false);
    expect(markup).toContain(`class="btn btn-secondary btn-block">${m.join}</button>`);
    expect(markup).not.toContain(m.noHoursHint);
    expect(markup).not.toContain('<dialog');
  });

  it('leads, saying why, when the date has no free hour', () => {
    const markup = html(true);
    expect(markup).toContain('waitlist-prompt is-prominent');
    expect(markup).toContain(m.noHoursHint);
    expect(markup).toContain(`class="btn btn-primary btn-block">${m.join}</button>`);
  });
});
