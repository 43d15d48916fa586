'use client';

import type { ReactNode } from 'react';

export type CheckItem<K extends string | number> = {
  key: K;
  /** The row's name (with `details`, the check box's accessible name). */
  name: ReactNode;
  details?: ReactNode;
  /** A decorative leading picture (an avatar). */
  media?: ReactNode;
};

export type CheckListProps<K extends string | number> = {
  items: CheckItem<K>[];
  checked: (key: K) => boolean;
  onToggle: (key: K, on: boolean) => void;
};

/** A list of check boxes, one row each, the whole row being the box's label. */
export function CheckList<K extends string | number>({ items, checked, onToggle }: CheckListProps<K>) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item.key}>
          <label className="check-row">
            <input type="checkbox" checked={checked(item.key)} onChange={(e) => onToggle(item.key, e.target.checked)} />
            {item.media}
            <span className="check-row-body">
              <span className="check-row-name">{item.name}</span>
              {item.details ? <span className="check-row-details">{item.details}</span> : null}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
