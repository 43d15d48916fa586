'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CLIENT_TOAST_MS, toastSuccess } from '@/components/ui/toast';
import type { WaitlistFormProps } from './waitlist-form';
import './waitlist.css';

/**
 * The form and its schema (zod, the domain's range rule) load when the client shows the intent to use them
 * (pointer or focus on the button), not with the hour step. `loading` gives the sheet its own Suspense
 * boundary, so the step around it never waits for the module.
 */
const loadForm = () => import('./waitlist-form');
const WaitlistDialog = dynamic(() => loadForm().then((m) => m.WaitlistDialog), { loading: () => null });

export type WaitlistPromptProps = Omit<WaitlistFormProps, 'onJoined' | 'onCancel'> & {
  /** True when the chosen date has no free hour: the prompt then leads, with a line saying why. */
  empty: boolean;
};

/**
 * Under the client wizard's hours (beyond-the-spec section 4): "Avísame si se libera un hueco", a secondary
 * button, or the step's main action with a line of explanation when the date has no free hour. It opens the
 * waitlist sheet with the wizard's services, stylist, date and person; once the entry is taken, the toast "Te
 * avisaremos si se libera un hueco." and the sheet closes.
 */
export function WaitlistPrompt({ empty, ...form }: WaitlistPromptProps) {
  const t = useTranslations('waitlist');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing lets the native dialog give the focus back to the button.
  const [used, setUsed] = useState(false);
  const preload = () => void loadForm().catch(() => undefined);
  return (
    <div className={`waitlist-prompt${empty ? ' is-prominent' : ''}`}>
      {empty && <p className="waitlist-prompt-text">{t('noHoursHint')}</p>}
      <Button
        variant={empty ? 'primary' : 'secondary'}
        block
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t('join')}
      </Button>
      {used && (
        <WaitlistDialog
          {...form}
          open={open}
          onClose={() => setOpen(false)}
          onJoined={() => {
            toastSuccess(t('joined'), { duration: CLIENT_TOAST_MS });
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
