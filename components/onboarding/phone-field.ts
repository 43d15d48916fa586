/**
 * What the onboarding form needs from the phone libraries (libphonenumber-js with its metadata and
 * react-phone-number-input), in one module the form loads right after hydration instead of
 * with the page (first-load JS budget of /onboarding).
 */
export { isValidPhone } from '@/lib/domain/phone';
export { formatForDisplay, PhoneInput } from './phone-input';
