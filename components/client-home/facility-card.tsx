'use client';

import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { PhoneIcon, PinIcon } from '@/components/ui/icons';
import type { Facility } from '@/lib/validation/dto';

/** The facility card of the client home: logo, name, Dirección and Teléfono (or No disponible). */
export function FacilityCard({ facility }: { facility: Facility }) {
  const t = useTranslations();
  const na = t('common.notAvailable');
  return (
    <Card className="facility-card">
      {facility.logo && (
        // eslint-disable-next-line @next/next/no-img-element -- tenant assets may live on a CDN
        <img className="facility-logo" src={facility.logo} alt="" width={56} height={56} />
      )}
      <div className="facility-body">
        <h2 className="facility-name">{facility.name}</h2>
        <dl className="facility-info">
          <div>
            <dt>
              <PinIcon />
              <span>{t('home.address')}</span>
            </dt>
            <dd>{facility.address || na}</dd>
          </div>
          <div>
            <dt>
              <PhoneIcon />
              <span>{t('home.phone')}</span>
            </dt>
            <dd>{facility.tlf ? <a href={`tel:${facility.tlf.replace(/\s/g, '')}`}>{facility.tlf}</a> : na}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
