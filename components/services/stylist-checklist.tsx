'use client';

import { useId, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { CheckList } from '@/components/ui/check-list';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import type { Employee } from '@/lib/validation/dto';
import { stylistOptions } from './service-draft';
import './services.css';

export type StylistOption = { email: string; name: string; color?: string | null; avatar?: string | null };

export type StylistChecklistProps = {
  legend: ReactNode;
  stylists: StylistOption[];
  /** Checked e-mails. */
  selected: readonly string[];
  onChange: (emails: string[]) => void;
  /** A hint under the legend. */
  hint?: ReactNode;
  /** A message about the choice (e.g. none chosen). */
  error?: ReactNode;
  disabled?: boolean;
};

/** A group of stylist check boxes (avatar colour and name), each box labelled by the stylist's name. */
export function StylistChecklist({ legend, stylists, selected, onChange, hint, error, disabled }: StylistChecklistProps) {
  const hintId = useId();
  const errorId = useId();
  const chosen = new Set(selected.map((e) => e.toLowerCase()));
  const toggle = (email: string, on: boolean) => {
    const rest = selected.filter((e) => e.toLowerCase() !== email.toLowerCase());
    onChange(on ? [...rest, email] : rest);
  };
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="fieldset" aria-describedby={describedBy} disabled={disabled}>
      <legend className="svc-card-title">{legend}</legend>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <CheckList
        items={stylists.map((s) => ({
          key: s.email,
          name: s.name,
          media: <EmployeeAvatar color={s.color} avatar={s.avatar} size={30} />,
        }))}
        checked={(email) => chosen.has(email.toLowerCase())}
        onToggle={toggle}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The team's check boxes once loaded (spinner meanwhile, the message and Reintentar on failure). */
export function TeamChecklist({
  team,
  legend,
  selected,
  assigned,
  message,
  onChange,
}: {
  team: { data?: Employee[]; error?: unknown; mutate: () => Promise<unknown> };
  legend: string;
  selected: string[];
  /** Stylists the service has now (shown even when no longer in the team). */
  assigned?: { email: string; name: string }[];
  message?: string;
  onChange: (emails: string[]) => void;
}) {
  const t = useTranslations('services');
  if (team.error && !team.data) {
    return (
      <div className="fieldset">
        <h2 className="svc-card-title">{legend}</h2>
        <LoadError error={team.error} onRetry={() => void team.mutate()} />
      </div>
    );
  }
  if (!team.data) return <Spinner />;
  const options = stylistOptions(team.data, assigned);
  return (
    <StylistChecklist
      legend={legend}
      hint={options.length === 0 ? t('noStylists') : t('employeesHint')}
      stylists={options}
      selected={selected}
      onChange={onChange}
      error={message}
    />
  );
}
