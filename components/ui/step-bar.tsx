'use client';

export type StepBarItem = { id: string; label: string };

export type StepBarProps = {
  steps: StepBarItem[];
  /** Index of the current step. */
  current: number;
  /** Called with the index of an earlier step the user clicked. */
  onSelect: (index: number) => void;
  label: string;
};

/**
 * The wizard's progress: one button per step; earlier steps can be clicked, the current one is
 * marked `aria-current="step"`, later ones are disabled.
 */
export function StepBar({ steps, current, onSelect, label }: StepBarProps) {
  return (
    <nav aria-label={label} className="step-bar">
      <ol>
        {steps.map((step, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          return (
            <li key={step.id} className={`step step-${state}`}>
              <button
                type="button"
                disabled={i >= current}
                aria-current={i === current ? 'step' : undefined}
                onClick={() => onSelect(i)}
              >
                <span className="step-dot" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="step-label">{step.label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
