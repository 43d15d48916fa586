import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import { bookingOptions } from '@/lib/domain/allowance';
import { BookingLimitText } from './booking-limit';

/** The allowance sentence of Mis citas (and of a wizard opened when nothing can be booked). */

jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const ana = { id: 'u-ana', name: 'Ana' };
const leo = { id: 's-leo', name: 'Leo' };
const text = (subUsers: { id: string; name: string }[], pendingIds: string[], allowed: number) =>
  renderToStaticMarkup(
    <BookingLimitText options={bookingOptions(ana, subUsers, pendingIds, allowed)} pending={pendingIds.length} allowed={allowed} />,
  );

describe('BookingLimitText', () => {
  it('counts what can be booked now: at most one per free person', () => {
    expect(text([leo], ['u-ana'], 5)).toContain('Tienes 1 cita disponible para reservar.');
  });

  it('a client alone with a pending appointment and allowance left is told one per person', () => {
    expect(text([], ['u-ana'], 2)).toContain(messages.home.selfBusy);
  });

  it('names every person when all of them have a pending appointment', () => {
    expect(text([leo], ['u-ana', 's-leo'], 3)).toContain('Ana y Leo ya tienen una cita pendiente');
  });

  it('gives the allowance when it is reached', () => {
    const html = text([leo], ['u-ana', 's-leo'], 2);
    expect(html).toContain('Ya tienes 2 citas pendientes y tu cuenta permite 2 citas a la vez.');
    expect(html).toContain(messages.home.waitMany);
  });

  it('tells a restricted client to contact the salon', () => {
    const html = renderToStaticMarkup(<BookingLimitText options={bookingOptions(ana, [], [], 2, 'restringido')} pending={0} allowed={2} />);
    expect(html).toContain('Para reservar, ponte en contacto con el salón.');
  });

  it('tells a client with allowance 0 to contact the salon', () => {
    expect(text([], [], 0)).toContain(messages.home.noAllowance);
  });
});
