'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CheckList } from '@/components/ui/check-list';
import { Dialog } from '@/components/ui/dialog';
import { WEEK_ORDER } from '@/lib/domain/schedule';

export type CopyDaysDialogProps = {
  /** The day whose availability and shifts are copied (0 = Sunday). */
  from: number;
  onCopy: (targets: number[]) => void;
  onClose: () => void;
};

/**
 * Copiar a otros días (spec section 2, weekly schedule editor): a checkbox per other day, Monday first;
 * Copiar gives the chosen days this day's availability and shifts. Mounted only while open.
 */
export function CopyDaysDialog({ from, onCopy, onClose }: CopyDaysDialogProps) {
  const t = useTranslations('employees');
  const [targets, setTargets] = useState<number[]>([]);
  const others = WEEK_ORDER.filter((id) => id !== from);
  const day = t(`days.${from}`);
  const allChosen = targets.length === others.length;

  const toggle = (id: number, on: boolean) => setTargets((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('copyTitle', { day: day.toLowerCase() })}
      footer={
        <div className="dialog-actions">
          <Button block disabled={targets.length === 0} onClick={() => onCopy(targets)}>
            {t('copyConfirm')}
          </Button>
          <Button block variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      }
    >
      <fieldset className="fieldset">
        <legend>{t('copyLegend', { day: day.toLowerCase() })}</legend>
        <CheckList items={others.map((id) => ({ key: id, name: t(`days.${id}`) }))} checked={(id) => targets.includes(id)} onToggle={toggle} />
        <Button variant="ghost" onClick={() => setTargets(allChosen ? [] : [...others])}>
          {allChosen ? t('copyNone') : t('copyAll')}
        </Button>
      </fieldset>
    </Dialog>
  );
}
