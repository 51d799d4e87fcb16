// GET user/2fa/, POST user/2fa/setup/, enable/, disable/, recovery-codes/ and the sign-in's second
// step, POST token/2fa/ (token/ answers { mfa_required, mfa_token } for a user with two-factor on).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import {
  LoginReply,
  MfaLoginBody,
  TwoFactorConfirmBody,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
} from 'contract';
import type { RateLimitRule } from '../../config.js';
import type { Database } from '../../db/client.js';
import { HttpError, fieldError, forbidden, unauthorized } from '../../lib/http-error.js';
import { verifyPassword } from '../../lib/password.js';
import { signedInRoutes } from '../../lib/route.js';
import { StatusReply, withErrors } from '../../lib/schema.js';
import { ACCOUNT_DEACTIVATED, principalOf } from '../../plugins/auth.js';
import { startSession, type Principal } from '../auth/index.js';
import { queueEmails, securityEmail, type SecurityNotice } from '../emails/index.js';
import { listRoles } from '../roles/index.js';
import { findUserById } from '../users/index.js';
import { createMfaTokens } from './mfa-token.js';
import {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  recoveryCodesRemaining,
  regenerateRecoveryCodes,
  savePendingSecret,
  type SecondFactor,
} from './repository.js';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp.js';

export const WRONG_CODE = 'The code is wrong or has expired';
export const WRONG_PASSWORD = 'The password is wrong';
export const MFA_TOKEN_INVALID = 'The sign-in has expired. Enter your email and password again.';
export const ALREADY_ON = 'Two-factor sign-in is already on';
export const NOT_SET_UP = 'Start the set-up first: there is no secret to confirm';
export const NOT_ON = 'Two-factor sign-in is not on';

/**
 * The limits of every route that checks a code, besides the password step's: a 6-digit code has
 * a million values, so a few tries per account per quarter hour keep guessing hopeless. The
 * per-account budget is one, shared by the sign-in's second step and the settings routes, and
 * counted only against an account the caller has proved to be acting for (a verified mfa_token,
 * or the signed-in user): a forged token naming someone else is refused before it counts.
 */
export const TWO_FACTOR_LIMITS = {
  perIp: { max: 30, windowMs: 60_000 } satisfies RateLimitRule,
  perUser: { max: 10, windowMs: 15 * 60_000 } satisfies RateLimitRule,
};

const wrongCode = () => fieldError('code', WRONG_CODE, WRONG_CODE);

/** What each security email says (issue 35, item 13). */
const NOTICES = {
  on: {
    kind: 'security.two_factor_on',
    title: 'Two-factor sign-in is on',
    body: 'Two-factor sign-in was turned on for your account: signing in now also asks for a code from your authenticator app.',
  },
  off: {
    kind: 'security.two_factor_off',
    title: 'Two-factor sign-in is off',
    body: 'Two-factor sign-in was turned off for your account: signing in now takes your password alone.',
  },
  recovery: {
    kind: 'security.recovery_code_used',
    title: 'A recovery code was used',
    body: 'One of your two-factor recovery codes was just used. Each works once; you can make new ones in your profile.',
  },
} as const satisfies Record<string, SecurityNotice>;

const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.deps;
  const { signedIn } = signedInRoutes(app, 'two-factor');
  const mfaTokens = createMfaTokens(config.jwtSecret, clock);
  // Recovery codes are hashed with a key of their own, derived from the server secret.
  const recoveryKey = `${config.jwtSecret}:recovery-codes`;
  const notify = (tx: Database, user: { id: number; email: string }, notice: SecurityNotice) =>
    queueEmails(tx, [securityEmail(config.publicUrl, user, notice)], clock());

  /** The user a token/2fa/ request proved it acts for (its mfa_token verified). */
  const mfaSubjects = new WeakMap<FastifyRequest, number>();
  const perIp = app.rateLimitGuard([
    { name: '2fa-ip', rule: TWO_FACTOR_LIMITS.perIp, key: (request) => request.ip },
  ]);
  const perUser = app.rateLimitGuard([
    {
      name: '2fa-user',
      rule: TWO_FACTOR_LIMITS.perUser,
      key: (request) => {
        const userId = request.principal?.userId ?? mfaSubjects.get(request);
        return userId === undefined ? undefined : String(userId);
      },
    },
  ]);
  /** The per-IP and per-account limits of a signed-in route checking a code. */
  const codeLimits = { preValidation: [perIp, perUser] };

  /** The options of a settings route confirmed by the password and a code, with its limits. */
  const confirmedRoute = <R extends Record<number, TSchema>>(
    summary: string,
    replies: R,
    description: string,
  ) => ({
    ...signedIn(summary, replies, { body: TwoFactorConfirmBody, description, errors: [429] }),
    ...codeLimits,
  });

  /**
   * The signed-in caller once their `password` is right (else a 400 naming the field), and their
   * two-factor state.
   */
  const passwordChecked = async (request: FastifyRequest, password: string) => {
    const me = principalOf(request);
    if (!(await verifyPassword(password, me.user.passwordHash)))
      throw fieldError('password', WRONG_PASSWORD, WRONG_PASSWORD);
    return { me, current: await findTwoFactor(db, me.userId) };
  };

  /**
   * A change to the caller's two-factor sign-in while it is on, confirmed by their `password` and
   * a current `code` (or a recovery code, then used up): `change` runs in the transaction that
   * checks the code, told which kind it was.
   */
  const confirmedChange = async <T>(
    request: FastifyRequest,
    { password, code }: { password: string; code: string },
    change: (tx: Database, me: Principal, used: SecondFactor) => Promise<T>,
  ): Promise<T> => {
    const { me, current } = await passwordChecked(request, password);
    if (!current?.enabled) throw new HttpError(400, NOT_ON);
    return db.transaction(async (tx) => {
      const used = await checkSecondFactor(tx, me.userId, current, code, clock(), recoveryKey);
      if (!used) throw wrongCode();
      return change(tx, me, used);
    });
  };

  app.get(
    '/user/2fa/',
    signedIn('Whether two-factor sign-in is on, and how many recovery codes remain', {
      200: TwoFactorStatusReply,
    }),
    async (request) => {
      const me = principalOf(request);
      const enabled = (await findTwoFactor(db, me.userId))?.enabled ?? false;
      return {
        enabled,
        recovery_codes_remaining: enabled ? await recoveryCodesRemaining(db, me.userId) : 0,
      };
    },
  );

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
    confirmedRoute(
      'Turn on two-factor sign-in with the password and a first code from the app',
      { 200: TwoFactorEnableReply },
      'Answers ten single-use recovery codes, shown once, and emails the account holder.',
    ),
    async (request) => {
      const { me, current } = await passwordChecked(request, request.body.password);
      if (!current) throw new HttpError(400, NOT_SET_UP);
      if (current.enabled) throw new HttpError(400, ALREADY_ON);
      const step = await verifyTotp(current.secret, request.body.code.trim(), clock(), null);
      if (step === undefined) throw wrongCode();
      const codes = await db.transaction(async (tx) => {
        const fresh = await enableTwoFactor(tx, me.userId, step, clock(), recoveryKey);
        await notify(tx, { id: me.userId, email: me.user.email }, NOTICES.on);
        return fresh;
      });
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/user/2fa/disable/',
    confirmedRoute(
      'Turn off two-factor sign-in with the password and a current code (or a recovery code)',
      { 200: StatusReply },
      'Emails the account holder.',
    ),
    async (request) => {
      await confirmedChange(request, request.body, async (tx, me) => {
        await disableTwoFactor(tx, me.userId);
        await notify(tx, { id: me.userId, email: me.user.email }, NOTICES.off);
      });
      return { status: 'success' as const, message: 'Two-factor sign-in is off' };
    },
  );

  app.post(
    '/user/2fa/recovery-codes/',
    confirmedRoute(
      'New recovery codes, with the password and a current code (or a recovery code)',
      { 200: TwoFactorEnableReply },
      'Answers ten fresh single-use codes, shown once; the earlier ones stop working.',
    ),
    async (request) => {
      const codes = await confirmedChange(request, request.body, async (tx, me, used) => {
        if (used === 'recovery_code')
          await notify(tx, { id: me.userId, email: me.user.email }, NOTICES.recovery);
        return regenerateRecoveryCodes(tx, me.userId, recoveryKey);
      });
      return { recovery_codes: codes };
    },
  );

  /**
   * Verifies the mfa_token before anything else looks at the request: a forged or expired token
   * is a 401 here and counts against no account. A missing or non-string token is left to the
   * body's validation (400).
   */
  const verifyMfaToken = async (request: FastifyRequest) => {
    const token = (request.body as { mfa_token?: unknown } | undefined)?.mfa_token;
    if (typeof token !== 'string') return;
    const userId = token.length <= 2048 ? await mfaTokens.verify(token) : undefined;
    if (userId === undefined) throw unauthorized(MFA_TOKEN_INVALID);
    mfaSubjects.set(request, userId);
  };

  app.post(
    '/token/2fa/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of signing in: the mfa_token of token/ and a code',
        description:
          'The code is a 6-digit code from the authenticator app or a recovery code (each works once; ' +
          'using one emails the account holder). Answers as token/ does without two-factor, and sets ' +
          'the refresh_token cookie.',
        body: MfaLoginBody,
        response: withErrors({ 200: LoginReply }, 401, 403, 429),
      },
      preValidation: [perIp, verifyMfaToken, perUser],
    },
    async (request, reply) => {
      const userId = mfaSubjects.get(request);
      if (userId === undefined) throw unauthorized(MFA_TOKEN_INVALID);
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized(MFA_TOKEN_INVALID);
      if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED);
      const state = await findTwoFactor(db, userId);
      // Turned off since the password step: the password was right, so let them in.
      if (state?.enabled) {
        const used = await db.transaction(async (tx) => {
          const factor = await checkSecondFactor(
            tx,
            userId,
            state,
            request.body.code,
            clock(),
            recoveryKey,
          );
          if (factor === 'recovery_code') await notify(tx, user, NOTICES.recovery);
          return factor;
        });
        if (!used) throw wrongCode();
      }
      return startSession(app, reply, user, await listRoles(db, userId));
    },
  );
};

export default twoFactorRoutes;
