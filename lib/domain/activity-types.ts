/**
 * The kinds of the activity feed (spec section 2 "Activities", beyond-the-spec sections 3 and 4): one list for the
 * database's column and the API's answer. Pure.
 */
export const ACTIVITY_TYPES = [
  'client_appointment_created',
  'employee_appointment_created',
  'appointment_cancelled',
  'appointment_moved',
  'no_show_marked',
  'appointment_confirmed',
  'appointment_released',
  'client_cancelled',
  'waitlist_offered',
  'waitlist_claimed',
  'user_created',
  'user_deleted',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];
