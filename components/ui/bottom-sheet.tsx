'use client';

import { Dialog, type DialogProps } from './dialog';

/** A modal sheet that slides up from the bottom of the screen. */
export function BottomSheet(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="bottom" />;
}
