'use client';

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** `label` may carry more than text (e.g. a count badge); it is the tab's accessible name. */
export type TabItem<K extends string> = { key: K; label: ReactNode; panel: ReactNode };

export type TabsProps<K extends string> = {
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
};

/**
 * Tabs after the WAI-ARIA pattern: a `tablist` of `tab` buttons (only the selected one in the Tab order;
 * arrow keys, Home and End move and select) and the selected `tabpanel`, focusable.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === selected),
  );
  const current = tabs[index];

  const move = (to: number) => {
    const n = tabs.length;
    const next = ((to % n) + n) % n;
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      Home: () => move(0),
      End: () => move(tabs.length - 1),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, i) => {
          const isSelected = i === index;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${base}-tab-${tab.key}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          id={`${base}-panel-${current.key}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${current.key}`}
          tabIndex={0}
          className="tab-panel"
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
