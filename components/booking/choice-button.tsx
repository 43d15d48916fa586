'use client';

import { useId, type ReactNode } from 'react';

export type ChoiceButtonProps = {
  /** The accessible name (the option's name). */
  name: string;
  selected: boolean;
  onSelect: () => void;
  /** Leading visual (avatar, icon). */
  media?: ReactNode;
  /** Secondary details, announced as the button's description. */
  details?: ReactNode;
};

/**
 * The inside of an option card (a `ChoiceButton` or a `ChoiceRadio`): media, the name (`nameId`, the
 * control's accessible name), the details (`detailsId`, its description) and the check mark.
 */
export function ChoiceBody({
  nameId,
  detailsId,
  name,
  media,
  details,
}: {
  nameId: string;
  detailsId: string;
  name: ReactNode;
  media?: ReactNode;
  details?: ReactNode;
}) {
  return (
    <>
      {media}
      <span className="choice-body">
        <span id={nameId} className="choice-name">
          {name}
        </span>
        {details && (
          <span id={detailsId} className="choice-details">
            {details}
          </span>
        )}
      </span>
      <span className="choice-check" aria-hidden="true" />
    </>
  );
}

/** One selectable option of a wizard step: a toggle button named by the option's name. */
export function ChoiceButton({ name, selected, onSelect, media, details }: ChoiceButtonProps) {
  const nameId = useId();
  const detailsId = useId();
  return (
    <button
      type="button"
      className={`choice${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      aria-labelledby={nameId}
      aria-describedby={details ? detailsId : undefined}
      onClick={onSelect}
    >
      <ChoiceBody nameId={nameId} detailsId={detailsId} name={name} media={media} details={details} />
    </button>
  );
}
