'use client';

import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';

export const CODE_LENGTH = 6;

export type CodeInputProps = {
  /** One entry per box, each `''` or a single digit. */
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * The six-box verification code entry (spec section 2): one digit per box, digits only; typing moves
 * to the next box, Backspace clears the box (or, on an empty box, goes back); a paste is accepted only when it is all
 * digits, and is truncated to six.
 */
export function CodeInput({ digits, onChange, disabled, invalid, describedBy }: CodeInputProps) {
  const t = useTranslations('onboarding');
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))];
    el?.focus();
    el?.select();
  };

  const fill = (from: number, text: string) => {
    const next = [...digits];
    const chars = text.slice(0, CODE_LENGTH - from).split('');
    chars.forEach((ch, k) => (next[from + k] = ch));
    onChange(next);
    focus(from + chars.length);
  };

  const handleChange = (i: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (!typed) {
      if (raw === '') onChange(digits.map((d, k) => (k === i ? '' : d)));
      return;
    }
    // Several digits at once (autofill of a one-time code): spread them from this box.
    if (typed.length > 2) return fill(i, typed);
    // Typing beside the digit of a filled box: keep the new one.
    const digit = typed.length === 2 ? (typed[0] === digits[i] ? typed[1]! : typed[0]!) : typed[0]!;
    onChange(digits.map((d, k) => (k === i ? digit : d)));
    if (i < CODE_LENGTH - 1) focus(i + 1);
  };

  const handleKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Typed digits are handled here: typing the digit a box already holds changes nothing in the
      // field, so no change event would fire and the focus would not move on.
      e.preventDefault();
      onChange(digits.map((d, k) => (k === i ? e.key : d)));
      if (i < CODE_LENGTH - 1) focus(i + 1);
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      // Clear this box whatever the caret position; on an empty box Backspace goes back and clears.
      e.preventDefault();
      if (digits[i]) onChange(digits.map((d, k) => (k === i ? '' : d)));
      else if (e.key === 'Backspace' && i > 0) {
        onChange(digits.map((d, k) => (k === i - 1 ? '' : d)));
        focus(i - 1);
      }
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight' && i < CODE_LENGTH - 1) {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text').trim();
    if (!/^\d+$/.test(text)) return;
    const code = text.slice(0, CODE_LENGTH);
    onChange(Array.from({ length: CODE_LENGTH }, (_, k) => code[k] ?? ''));
    focus(code.length);
  };

  return (
    <div className="code-input" role="group" aria-describedby={describedBy}>
      {Array.from({ length: CODE_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="input code-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          // The sheet opens with the focus here, so the phone's numeric keyboard is up.
          data-autofocus={i === 0 ? true : undefined}
          maxLength={i === 0 ? CODE_LENGTH : 2}
          aria-label={t('digit', { n: i + 1 })}
          aria-invalid={invalid || undefined}
          value={digits[i] ?? ''}
          disabled={disabled}
          onChange={(e) => handleChange(i, e.target.value)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onPaste={handlePaste}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
