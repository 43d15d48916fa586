import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import { ApiClientError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client/fetcher';
import { HourStep } from './later-steps';
import { PersonStep } from './steps';

/** The client wizard's lists when a load fails, and the person step's left-out people. */

jest.mock('./booking.css', () => ({}));
jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const failed = (error: unknown) => ({ data: undefined, error, isLoading: false, mutate: () => undefined });

describe('a list whose load failed', () => {
  it('after a network failure shows the Spanish connection message and Reintentar, never the English text', () => {
    const html = renderToStaticMarkup(<HourStep hours={failed(new ApiClientError(500, 'network', NETWORK_ERROR_MESSAGE))} onChange={() => {}} />);
    expect(html).toContain(messages.common.networkError);
    expect(html).toContain(messages.common.retry);
    expect(html).not.toContain(NETWORK_ERROR_MESSAGE);
  });

  it("after a server error shows the server's Spanish message and Reintentar", () => {
    const html = renderToStaticMarkup(
      <HourStep hours={failed(new ApiClientError(503, 'unavailable', 'El servicio no está disponible.'))} onChange={() => {}} />,
    );
    expect(html).toContain('El servicio no está disponible.');
    expect(html).toContain(messages.common.retry);
  });

  it('keeps showing what it loaded when only a later revalidation failed', () => {
    const hours = [{ hour: '10:00', hours: [{ id: 'a', start_time: '2026-11-26T09:00:00.000Z', end_time: '2026-11-26T09:30:00.000Z' }] }];
    const html = renderToStaticMarkup(
      <HourStep hours={{ data: hours, error: new ApiClientError(500, 'network', NETWORK_ERROR_MESSAGE), isLoading: false }} onChange={() => {}} />,
    );
    expect(html).toContain('10:00');
    expect(html).not.toContain(messages.common.retry);
  });
});

describe('PersonStep', () => {
  const leo = { id: 's-leo', name: 'Leo' };
  const mar = { id: 's-mar', name: 'Mar' };

  it('offers the free people and names who is left out, and why', () => {
    const html = renderToStaticMarkup(<PersonStep people={[leo]} busy={[{ id: 'u-ana', name: 'Ana' }]} onChange={() => {}} />);
    expect([...html.matchAll(/role="radio"/g)]).toHaveLength(1);
    expect(html).toContain('Ana ya tiene una cita pendiente: cada persona puede tener una sola a la vez.');
  });

  it('names several left-out people together', () => {
    const html = renderToStaticMarkup(<PersonStep people={[mar]} busy={[{ id: 'u-ana', name: 'Ana' }, leo]} onChange={() => {}} />);
    expect(html).toContain('Ana y Leo ya tienen una cita pendiente');
  });

  it('says nothing when nobody is left out', () => {
    const html = renderToStaticMarkup(<PersonStep people={[leo, mar]} onChange={() => {}} />);
    expect(html).not.toContain('cita pendiente');
  });
});
