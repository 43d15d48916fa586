import { keepServiceDraft } from './keep-service-draft';
import type { ServiceDraft } from './service-draft';

const loaded: ServiceDraft = {
  name: 'Mechas',
  description: 'Con papel de aluminio',
  price: '45',
  hours: 1,
  minutes: 15,
  segments: [
    { startMinutes: 0, endMinutes: 30 },
    { startMinutes: 60, endMinutes: 75 },
  ],
  segmentsFor: 75,
  employees: [],
};

describe('keepServiceDraft', () => {
  test('the person’s new price stays; the colleague’s new description shows', () => {
    const draft = { ...loaded, price: '48' };
    const current = { ...loaded, description: 'Mechas californianas' };
    expect(keepServiceDraft(loaded, draft, current)).toEqual({ ...loaded, price: '48', description: 'Mechas californianas' });
  });

  test('working time is one unit: a changed duration keeps the person’s busy parts with it', () => {
    const draft = { ...loaded, hours: 0, minutes: 45, segments: [{ startMinutes: 0, endMinutes: 45 }] };
    const current = { ...loaded, minutes: 30, segments: [{ startMinutes: 0, endMinutes: 90 }] };
    expect(keepServiceDraft(loaded, draft, current)).toEqual(draft);
  });

  test('untouched working time takes the current duration and busy parts together', () => {
    const draft = { ...loaded, name: 'Mechas finas' };
    const current = { ...loaded, minutes: 30, segments: [{ startMinutes: 0, endMinutes: 90 }] };
    expect(keepServiceDraft(loaded, draft, current)).toEqual({ ...current, name: 'Mechas finas' });
  });
});
