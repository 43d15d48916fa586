'use client';

import { useState } from 'react';
import { useBack } from './page-header';
import { toastError, toastSuccess } from './toast';

/**
 * The editors' Guardar: while the request runs `saving` is true; on success the toast `success` and back
 * (to where the editor was opened from, else `fallbackHref`); on failure the toast `error` with the
 * server's message, and the editor stays. `handled(err)` may take a failure over first (e.g.
 * `useVersionedDraft`'s `handleStale`): when it returns true, no `error` toast is shown.
 */
export function useSaveAndBack(fallbackHref: string) {
  const back = useBack(fallbackHref);
  const [saving, setSaving] = useState(false);
  const save = async (
    request: () => Promise<unknown>,
    messages: { success: string; error: string },
    handled?: (err: unknown) => boolean,
  ) => {
    setSaving(true);
    try {
      await request();
      toastSuccess(messages.success);
      back();
    } catch (err) {
      setSaving(false);
      if (!handled?.(err)) toastError(messages.error, err);
    }
  };
  return { saving, save };
}
