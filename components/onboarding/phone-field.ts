/**
 * What the onboarding form needs from the phone library (libphonenumber-js with its metadata), in one
 * module the form loads right after hydration instead of with the page (first-load JS budget of /onboarding).
 */
export { isValidPhone, phoneCountryAllowed } from '@/lib/domain/phone';
export { formatForDisplay, PhoneInput } from './phone-input';
