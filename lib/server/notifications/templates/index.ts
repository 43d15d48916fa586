/** Klok's e-mail templates: each returns `{ subject, text, html }` in Spanish. */
export { appointmentConfirmedEmail, reminderAttachment, type AppointmentConfirmedInput } from './appointment-confirmed';
export { appointmentMovedEmail, type AppointmentMovedInput } from './appointment-moved';
export { appointmentCancelledEmail, type AppointmentCancelledInput } from './appointment-cancelled';
export { clientInvitationEmail, type ClientInvitationInput } from './client-invitation';
export { appointmentReminderEmail, type AppointmentReminderInput } from './appointment-reminder';
export { appointmentReleasedEmail, confirmationRequestEmail, type AppointmentReleasedInput, type ConfirmationRequestInput } from './confirmation';
export { signInLinkEmail, type SignInLinkInput } from './sign-in-link';
export { escapeHtml, whenOf, type RenderedEmail, type Salon } from './layout';
export { waitlistOfferEmail, type WaitlistOfferInput } from './waitlist-offer';
export { weeklySummaryEmail, type WeeklySummaryInput } from './weekly-summary';
