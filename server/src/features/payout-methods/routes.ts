// The signed-in user's payout methods (Settings → Payments Methods): PayPal email or bank
// transfer details, validated, one default. Another user's method answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PayoutMethodBody,
  PayoutMethodListReply,
  PayoutMethodReply,
  type PayoutMethodView,
} from 'contract';
import type { PayoutMethodRow } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { StatusReply } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import {
  addMethod,
  findMethod,
  listMethods,
  makeDefaultMethod,
  removeMethod,
  updateMethod,
  type PayoutMethodValues,
} from './repository.js';
import { signedInRoutes } from '../../lib/route.js';
import { fraudHashes } from '../fraud/index.js';

export const METHOD_NOT_FOUND = 'Payout method not found';
export const MESSAGES = {
  paypalEmail: 'Enter the email of your PayPal account',
  accountHolder: "Enter the account holder's name",
  accountNumber: 'Enter an IBAN or account number (4 to 34 letters and digits)',
  bankCode: 'Enter a sort code, routing number or SWIFT/BIC (letters, digits, spaces, hyphens)',
  bankCountry: 'Enter a 2-letter country code',
} as const;

const toView = (row: PayoutMethodRow): PayoutMethodView => ({
  id: row.id,
  type: row.type,
  paypal_email: row.paypalEmail,
  account_holder: row.accountHolder,
  bank_name: row.bankName,
  account_number: row.accountNumber,
  bank_code: row.bankCode,
  bank_country: row.bankCountry,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

const trimmed = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

/** The stored values of a valid body; a 400 naming the field otherwise. */
export function methodValues(body: PayoutMethodBody): PayoutMethodValues {
  if (body.type === 'paypal') {
    const email = trimmed(body.paypal_email)?.toLowerCase() ?? null;
    if (!email) throw fieldError('paypal_email', MESSAGES.paypalEmail);
    return {
      type: 'paypal',
      paypalEmail: email,
      accountHolder: null,
      bankName: null,
      accountNumber: null,
      bankCode: null,
      bankCountry: null,
    };
  }
  const holder = trimmed(body.account_holder);
  if (!holder) throw fieldError('account_holder', MESSAGES.accountHolder);
  const account = trimmed(body.account_number)?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (!/^[A-Z0-9]{4,34}$/.test(account)) throw fieldError('account_number', MESSAGES.accountNumber);
  const code = trimmed(body.bank_code)?.toUpperCase() ?? null;
  if (code !== null && !/^[A-Z0-9 -]{2,34}$/.test(code))
    throw fieldError('bank_code', MESSAGES.bankCode);
  const country = trimmed(body.bank_country)?.toUpperCase() ?? null;
  if (country !== null && !/^[A-Z]{2}$/.test(country))
    throw fieldError('bank_country', MESSAGES.bankCountry);
  return {
    type: 'bank',
    paypalEmail: null,
    accountHolder: holder,
    bankName: trimmed(body.bank_name),
    accountNumber: account,
    bankCode: code,
    bankCountry: country,
  };
}

const payoutMethodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const hashes = fraudHashes(app.deps.config.jwtSecret);
  const fingerprinted = (values: PayoutMethodValues): PayoutMethodValues => ({
    ...values,
    fingerprint: hashes.payoutMethod(values),
  });
  const { byId, signedIn } = signedInRoutes(app, 'money');

  app.get(
    '/payout-methods/',
    signedIn('My payout methods, oldest first', { 200: PayoutMethodListReply }),
    async (request) => ({
      results: (await listMethods(db, principalOf(request).userId)).map(toView),
    }),
  );

  app.post(
    '/payout-methods/',
    signedIn(
      'Add a payout method (the first one becomes the default)',
      { 201: PayoutMethodReply },
      { body: PayoutMethodBody },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const row = await addMethod(
        db,
        me.userId,
        fingerprinted(methodValues(request.body)),
        request.body.is_default ?? false,
        clock(),
      );
      return reply.code(201).send({ status: 'success' as const, method: toView(row) });
    },
  );

  app.put(
    '/payout-methods/:id/',
    byId('Edit a payout method', { 200: PayoutMethodReply }, { body: PayoutMethodBody }),
    async (request) => {
      const me = principalOf(request);
      if (!(await findMethod(db, me.userId, request.params.id))) throw notFound(METHOD_NOT_FOUND);
      const row = await updateMethod(
        db,
        me.userId,
        request.params.id,
        fingerprinted(methodValues(request.body)),
        request.body.is_default ?? false,
        clock(),
      );
      if (!row) throw notFound(METHOD_NOT_FOUND);
      return { status: 'success' as const, method: toView(row) };
    },
  );

  app.post(
    '/payout-methods/:id/default/',
    byId('Make a payout method the default (payouts go to it)', { 200: PayoutMethodReply }),
    async (request) => {
      const row = await makeDefaultMethod(
        db,
        principalOf(request).userId,
        request.params.id,
        clock(),
      );
      if (!row) throw notFound(METHOD_NOT_FOUND);
      return { status: 'success' as const, method: toView(row) };
    },
  );

  app.delete(
    '/payout-methods/:id/',
    byId('Remove a payout method (the oldest remaining one becomes the default)', {
      200: StatusReply,
    }),
    async (request) => {
      if (!(await removeMethod(db, principalOf(request).userId, request.params.id)))
        throw notFound(METHOD_NOT_FOUND);
      return { status: 'success' as const, message: 'Payout method removed' };
    },
  );
};

export default payoutMethodRoutes;
