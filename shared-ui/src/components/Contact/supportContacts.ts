/** Where people reach support while the contact form is not connected to anything. */
export const SUPPORT_EMAIL = 'support@advocately.app';
export const SUPPORT_PHONE = '+1 (555) 010-0199';
