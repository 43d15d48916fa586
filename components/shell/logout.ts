import { CLIENT_TOAST_MS, toastError } from '@/components/ui/toast';
import { apiFetch, errorMessageOf } from '@/lib/api-client/fetcher';

/**
 * Ends the session with the API and leaves for the login page (spec section 7); a failure shows
 * `fallbackError` (or the API's message) as a toast and leaves the page as it is.
 */
export async function logout(fallbackError: string): Promise<void> {
  try {
    await apiFetch('/api/v1/auth/logout');
    // A full page load: drops every cached client state of the ended session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/login');
  } catch (err) {
    toastError(errorMessageOf(err, fallbackError), undefined, { duration: CLIENT_TOAST_MS });
  }
}
