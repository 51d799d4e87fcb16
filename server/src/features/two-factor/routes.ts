// POST user/2fa/setup/, user/2fa/enable/, user/2fa/disable/ and the sign-in's second step,
// POST token/2fa/ (token/ answers { mfa_required, mfa_token } for a user with two-factor on).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LoginReply,
  MfaLoginBody,
  TwoFactorCodeBody,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
} from 'contract';
import type { RateLimitRule } from '../../config.js';
import { HttpError, forbidden, unauthorized } from '../../lib/http-error.js';
import { signedInRoutes } from '../../lib/route.js';
import { StatusReply, withErrors } from '../../lib/schema.js';
import { ACCOUNT_DEACTIVATED, principalOf } from '../../plugins/auth.js';
import { startSession } from '../auth/index.js';
import { listRoles } from '../roles/index.js';
import { findUserById } from '../users/index.js';
import { createMfaTokens, unverifiedSubject } from './mfa-token.js';
import {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  savePendingSecret,
} from './repository.js';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp.js';

export const WRONG_CODE = 'The code is wrong or has expired';
export const MFA_TOKEN_INVALID = 'The sign-in has expired. Enter your email and password again.';
export const ALREADY_ON = 'Two-factor sign-in is already on';
export const NOT_SET_UP = 'Start the set-up first: there is no secret to confirm';
export const NOT_ON = 'Two-factor sign-in is not on';

/**
 * The second step's own limits, besides the password step's: a 6-digit code has a million
 * values, so a few tries per account per quarter hour keep guessing hopeless.
 */
export const TWO_FACTOR_LIMITS = {
  perIp: { max: 30, windowMs: 60_000 } satisfies RateLimitRule,
  perUser: { max: 10, windowMs: 15 * 60_000 } satisfies RateLimitRule,
};

const wrongCode = () => new HttpError(400, WRONG_CODE, { code: [WRONG_CODE] });

const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.deps;
  const { signedIn } = signedInRoutes(app, 'two-factor');
  const mfaTokens = createMfaTokens(config.jwtSecret, clock);
  // Recovery codes are hashed with a key of their own, derived from the server secret.
  const recoveryKey = `${config.jwtSecret}:recovery-codes`;

  app.post(
    '/user/2fa/setup/',
    signedIn(
      'Start turning on two-factor sign-in: a new secret for an authenticator app',
      { 200: TwoFactorSetupReply },
      { description: 'Nothing changes at sign-in until enable/ confirms a first code.' },
    ),
    async (request) => {
      const me = principalOf(request);
      const current = await findTwoFactor(db, me.userId);
      if (current?.enabled) throw new HttpError(400, ALREADY_ON);
      const secret = newTotpSecret();
      await savePendingSecret(db, me.userId, secret, clock());
      return { secret, otpauth_url: otpauthUrl(secret, me.user.email) };
    },
  );

  app.post(
    '/user/2fa/enable/',
    signedIn(
      'Turn on two-factor sign-in with a first code from the app',
      { 200: TwoFactorEnableReply },
      {
        body: TwoFactorCodeBody,
        description: 'Answers ten single-use recovery codes, shown once.',
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const current = await findTwoFactor(db, me.userId);
      if (!current) throw new HttpError(400, NOT_SET_UP);
      if (current.enabled) throw new HttpError(400, ALREADY_ON);
      const step = await verifyTotp(current.secret, request.body.code.trim(), clock(), null);
      if (step === undefined) throw wrongCode();
      const codes = await enableTwoFactor(db, me.userId, step, clock(), recoveryKey);
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/user/2fa/disable/',
    signedIn(
      'Turn off two-factor sign-in with a current code (or a recovery code)',
      { 200: StatusReply },
      { body: TwoFactorCodeBody },
    ),
    async (request) => {
      const me = principalOf(request);
      const current = await findTwoFactor(db, me.userId);
      if (!current?.enabled) throw new HttpError(400, NOT_ON);
      const ok = await checkSecondFactor(
        db,
        me.userId,
        current,
        request.body.code,
        clock(),
        recoveryKey,
      );
      if (!ok) throw wrongCode();
      await disableTwoFactor(db, me.userId);
      return { status: 'success' as const, message: 'Two-factor sign-in is off' };
    },
  );

  app.post(
    '/token/2fa/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of signing in: the mfa_token of token/ and a code',
        description:
          'The code is a 6-digit code from the authenticator app or a recovery code (each works once). ' +
          'Answers as token/ does without two-factor, and sets the refresh_token cookie.',
        body: MfaLoginBody,
        response: withErrors({ 200: LoginReply }, 401, 403, 429),
      },
      preValidation: app.rateLimitGuard([
        { name: '2fa-ip', rule: TWO_FACTOR_LIMITS.perIp, key: (request) => request.ip },
        {
          name: '2fa-user',
          rule: TWO_FACTOR_LIMITS.perUser,
          key: (request) =>
            unverifiedSubject((request.body as { mfa_token?: unknown } | undefined)?.mfa_token),
        },
      ]),
    },
    async (request, reply) => {
      const userId = await mfaTokens.verify(request.body.mfa_token);
      if (userId === undefined) throw unauthorized(MFA_TOKEN_INVALID);
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized(MFA_TOKEN_INVALID);
      if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED);
      const state = await findTwoFactor(db, userId);
      // Turned off since the password step: the password was right, so let them in.
      const ok =
        !state?.enabled ||
        (await checkSecondFactor(db, userId, state, request.body.code, clock(), recoveryKey));
      if (!ok) throw wrongCode();
      return startSession(app, reply, user, await listRoles(db, userId));
    },
  );
};

export default twoFactorRoutes;
