// POST auth/send-otp, auth/verify-otp, auth/forgot-password, auth/reset-password.
// Sending answers the same for known and unknown emails, so these calls cannot be used to find
// out who has an account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { EmailBody, ResetPasswordBody, VerifyOtpBody } from 'contract';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/password.js';
import { StatusReply, withErrors } from '../../lib/schema.js';
import { bodyEmail, type LimitSpec } from '../../plugins/rate-limit.js';
import type { OtpPurpose } from '../../db/schema.js';
import { markVerified, normalizeEmail, updateUser } from '../users/index.js';
import type { OtpCheck } from './otp.js';

const OTP_FAILURES: Record<Exclude<OtpCheck, { ok: true }>['reason'], string> = {
  invalid: 'Invalid or expired code',
  expired: 'This code has expired. Request a new one.',
  too_many_attempts: 'Too many wrong attempts. Request a new code.',
};

function otpFailure(check: Exclude<OtpCheck, { ok: true }>): HttpError {
  const message = OTP_FAILURES[check.reason];
  return new HttpError(400, message, { otp: [message] });
}

const otpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { rateLimits } = app.deps.config;
  const limits: LimitSpec[] = [
    { name: 'otp-ip', rule: rateLimits.otpPerIp, key: (request) => request.ip },
    { name: 'otp-email', rule: rateLimits.otpPerEmail, key: bodyEmail },
  ];
  const preValidation = app.rateLimitGuard(limits);
  const response = withErrors({ 200: StatusReply }, 429);
  const route = <B extends TSchema>(summary: string, body: B) => ({
    schema: { tags: ['auth'], summary, body, response },
    preValidation,
  });

  /**
   * A route that mails a code for `purpose` to the body's email, answering `message` before it
   * even looks the email up: the same reply in the same time whether there is an account or not.
   */
  const mailCode = (url: string, summary: string, purpose: OtpPurpose, message: string) =>
    app.post(url, route(summary, EmailBody), async (request) => {
      app.deps.otp.issueAfterReply(normalizeEmail(request.body.email), purpose, (err) =>
        request.log.error({ err }, `${url}: the code could not be issued`),
      );
      return { status: 'success' as const, message };
    });
  // Codes still being mailed are finished before the server stops.
  app.addHook('onClose', () => app.deps.otp.settled());

  /** The user whose `purpose` code this is, or the 400 naming `otp`. */
  const consumeCode = async (email: string, purpose: OtpPurpose, otp: string) => {
    const check = await app.deps.otp.consume(normalizeEmail(email), purpose, otp);
    if (!check.ok) throw otpFailure(check);
    return check.userId;
  };

  mailCode(
    '/auth/send-otp',
    'Mail an email-verification code',
    'verify',
    'Verification code sent to the email',
  );

  app.post(
    '/auth/verify-otp',
    route('Verify the email with the mailed code', VerifyOtpBody),
    async (request) => {
      const userId = await consumeCode(request.body.email, 'verify', request.body.otp);
      await markVerified(app.deps.db, userId, app.deps.clock());
      return { status: 'success' as const, message: 'Account verified successfully' };
    },
  );

  mailCode(
    '/auth/forgot-password',
    'Mail a password-reset code',
    'reset',
    'Password reset code sent to the email',
  );

  app.post(
    '/auth/reset-password',
    route('Set a new password with the mailed code', ResetPasswordBody),
    async (request) => {
      const { email, otp, password } = request.body;
      const userId = await consumeCode(email, 'reset', otp);
      const passwordHash = await hashPassword(password);
      // The code proved the mailbox is theirs, so the email counts as verified too.
      await updateUser(app.deps.db, userId, { passwordHash });
      await markVerified(app.deps.db, userId, app.deps.clock());
      await app.deps.sessions.revokeAllForUser(userId);
      return { status: 'success' as const, message: 'Password has been reset successfully' };
    },
  );
};

export default otpRoutes;
