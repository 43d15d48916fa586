import { fold, searchClients, type ClientSummary } from './client-search';
import { agendaHref } from './conflict';

const clients: ClientSummary[] = [
  { email: 'invitado@klok.invalid', name: 'Invitado', is_guest: true },
  { email: 'cliente@klok.demo', name: 'Lucía García', tlf: '+34612345678' },
  { email: 'pablo@correo.demo', name: 'Pablo Sánchez', tlf: null },
  { email: 'jose@correo.demo', name: 'José Luis Pérez' },
  { email: 'ana.garcia@correo.demo', name: 'Ana Martín' },
];

describe('client search', () => {
  it('folds case and accents', () => {
    expect(fold('  José PÉREZ ')).toBe('jose perez');
  });

  it('finds nothing for an empty query', () => {
    expect(searchClients(clients, '  ')).toEqual([]);
  });

  it('matches name, e-mail or phone, accent-insensitive, never the guest', () => {
    expect(searchClients(clients, 'jose').map((c) => c.email)).toEqual(['jose@correo.demo']);
    expect(searchClients(clients, 'perez luis').map((c) => c.email)).toEqual(['jose@correo.demo']);
    expect(searchClients(clients, 'cliente@').map((c) => c.email)).toEqual(['cliente@klok.demo']);
    expect(searchClients(clients, '612345').map((c) => c.email)).toEqual(['cliente@klok.demo']);
    expect(searchClients(clients, 'invitado')).toEqual([]);
  });

  it('puts names starting with the query first and honours the limit', () => {
    expect(searchClients(clients, 'garcia').map((c) => c.name)).toEqual(['Lucía García', 'Ana Martín']);
    expect(searchClients(clients, 'a', 2)).toHaveLength(2);
  });
});

describe('agenda address', () => {
  it('links to the agenda on that date and event', () => {
    expect(agendaHref('2026-11-24', 'e1')).toBe('/?date=2026-11-24&eventId=e1');
  });
});
