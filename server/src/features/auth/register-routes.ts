// POST user/register/: creates the account, mails its verification code and logs it in (refresh
// cookie + access token).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RegisterBody, RegisterReply } from 'contract';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/password.js';
import { withErrors } from '../../lib/schema.js';
import { createUser, EMAIL_TAKEN } from '../users/index.js';
import { startSession } from './login.js';

const registerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/register/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (and log in)',
        body: RegisterBody,
        response: withErrors({ 201: RegisterReply }, 429),
      },
      preValidation: app.rateLimitGuard([
        {
          name: 'register-ip',
          rule: app.deps.config.rateLimits.registerPerIp,
          key: (request) => request.ip,
        },
      ]),
    },
    async (request, reply) => {
      const { email, password, password_confirmation: confirmation } = request.body;
      const username = request.body.username.trim();
      if (!username) throw fieldError('username', 'must not be blank');
      if (password !== confirmation)
        throw fieldError('password_confirmation', 'Passwords must match');

      const user = await createUser(app.deps.db, {
        email,
        username,
        passwordHash: await hashPassword(password),
      });
      if (!user) throw new HttpError(400, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });

      // The verification code goes out with the account, so the sign-up screen can go straight
      // to entering it. A mail that cannot be sent does not undo the account: the verify screen
      // sends a new code on request.
      try {
        await app.deps.otp.issue(user.email, 'verify');
      } catch (error) {
        request.log.error({ err: error }, 'verification code not sent after registration');
      }

      const session = await startSession(app, reply, user, []);
      return reply.code(201).send({ ...session, message: 'Registration successful' });
    },
  );
};

export default registerRoutes;
