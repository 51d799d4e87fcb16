// POST auth/send-otp, auth/verify-otp, auth/forgot-password, auth/reset-password.
// Sending answers the same for known and unknown emails, so these calls cannot be used to find
// out who has an account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/password.js';
import { StatusReply, withErrors } from '../../lib/schema.js';
import { bodyEmail, type LimitSpec } from '../../plugins/rate-limit.js';
import { markVerified, normalizeEmail, updateUser } from '../users/index.js';
import type { OtpCheck } from './otp.js';
import { EmailBody, ResetPasswordBody, VerifyOtpBody } from './schemas.js';

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

  app.post(
    '/auth/send-otp',
    route('Mail an email-verification code', EmailBody),
    async (request) => {
      await app.deps.otp.issue(normalizeEmail(request.body.email), 'verify');
      return { status: 'success' as const, message: 'Verification code sent to the email' };
    },
  );

  app.post(
    '/auth/verify-otp',
    route('Verify the email with the mailed code', VerifyOtpBody),
    async (request) => {
      const check = await app.deps.otp.consume(
        normalizeEmail(request.body.email),
        'verify',
        request.body.otp,
      );
      if (!check.ok) throw otpFailure(check);
      await markVerified(app.deps.db, check.userId, app.deps.clock());
      return { status: 'success' as const, message: 'Account verified successfully' };
    },
  );

  app.post(
    '/auth/forgot-password',
    route('Mail a password-reset code', EmailBody),
    async (request) => {
      await app.deps.otp.issue(normalizeEmail(request.body.email), 'reset');
      return { status: 'success' as const, message: 'Password reset code sent to the email' };
    },
  );

  app.post(
    '/auth/reset-password',
    route('Set a new password with the mailed code', ResetPasswordBody),
    async (request) => {
      const { email, otp, password } = request.body;
      const check = await app.deps.otp.consume(normalizeEmail(email), 'reset', otp);
      if (!check.ok) throw otpFailure(check);
      const passwordHash = await hashPassword(password);
      // The code proved the mailbox is theirs, so the email counts as verified too.
      await updateUser(app.deps.db, check.userId, { passwordHash });
      await markVerified(app.deps.db, check.userId, app.deps.clock());
      await app.deps.sessions.revokeAllForUser(check.userId);
      return { status: 'success' as const, message: 'Password has been reset successfully' };
    },
  );
};

export default otpRoutes;
