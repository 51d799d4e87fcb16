import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorStatus, fieldErrors, normaliseError, toApiError } from './normaliseError';

const http = (status: number, data: unknown): FetchBaseQueryError => ({ status, data });

describe('normaliseError', () => {
  it('prefers the reply’s detail', () => {
    const error = http(401, { detail: 'No active account', message: 'ignored' });
    expect(normaliseError(error, 'Login failed')).toBe('No active account');
  });

  it('takes message when there is no detail', () => {
    expect(normaliseError(http(400, { message: 'Email taken' }), 'Registration failed')).toBe(
      'Email taken',
    );
  });

  it('joins nested errors with spaces', () => {
    const error = http(400, {
      errors: { email: ['Enter a valid email.'], password: ['Too short.', 'Too common.'] },
    });
    expect(normaliseError(error, 'Registration failed')).toBe(
      'Enter a valid email. Too short. Too common.',
    );
  });

  it('reads a singular error, nested or not', () => {
    expect(normaliseError(http(400, { error: { otp: ['Expired'] } }), 'x')).toBe('Expired');
    expect(normaliseError(http(400, { error: 'Invalid code' }), 'x')).toBe('Invalid code');
  });

  it('uses a string body, including one that failed to parse as JSON', () => {
    expect(normaliseError(http(429, 'Slow down'), 'x')).toBe('Slow down');
    const parsing: FetchBaseQueryError = {
      status: 'PARSING_ERROR',
      originalStatus: 502,
      data: 'Bad gateway',
      error: 'SyntaxError: Unexpected token',
    };
    expect(normaliseError(parsing, 'Login failed')).toBe('Bad gateway');
  });

  it('does not show an HTML error page', () => {
    expect(normaliseError(http(502, '<html><body>502</body></html>'), 'Login failed')).toBe(
      'Login failed',
    );
  });

  it('falls back when the reply says nothing usable', () => {
    expect(normaliseError(http(500, {}), 'Update failed')).toBe('Update failed');
    expect(normaliseError(http(500, { detail: '  ', errors: {} }), 'Update failed')).toBe(
      'Update failed',
    );
    expect(normaliseError(undefined, 'Update failed')).toBe('Update failed');
  });

  it('gives the fallback, not the technical text, for transport failures', () => {
    const network: FetchBaseQueryError = {
      status: 'FETCH_ERROR',
      error: 'TypeError: Failed to fetch',
    };
    expect(normaliseError(network, 'Login failed')).toBe('Login failed');
  });

  it('uses the message of a SerializedError or an Error', () => {
    const serialized: SerializedError = { name: 'Error', message: 'Rejected' };
    expect(normaliseError(serialized, 'x')).toBe('Rejected');
    expect(normaliseError({ name: 'Error' } satisfies SerializedError, 'Fallback')).toBe(
      'Fallback',
    );
    expect(normaliseError(new Error('Boom'), 'x')).toBe('Boom');
  });
});

describe('errorStatus and toApiError', () => {
  it('reads the HTTP status, else defaults to 500', () => {
    expect(errorStatus(http(404, {}))).toBe(404);
    expect(errorStatus({ status: 'PARSING_ERROR', originalStatus: 401, data: '', error: '' })).toBe(
      401,
    );
    expect(errorStatus({ status: 'FETCH_ERROR', error: 'offline' })).toBe(500);
    expect(errorStatus(new Error('x'))).toBe(500);
  });

  it('combines message and status', () => {
    expect(toApiError(http(403, { detail: 'Forbidden' }), 'x')).toEqual({
      message: 'Forbidden',
      status: 403,
    });
    expect(toApiError(null, 'An unexpected error occurred')).toEqual({
      message: 'An unexpected error occurred',
      status: 500,
    });
  });
});

describe('fieldErrors', () => {
  const failure = {
    status: 400,
    data: { detail: 'email: taken', errors: { email: ['Taken.', 'Really.'], otp: ['Expired.'] } },
  };

  it("joins each field's messages and keeps only the form's fields", () => {
    expect(fieldErrors(failure, ['email', 'password'])).toEqual({ email: 'Taken. Really.' });
  });

  it('reads an ApiError that kept the map, and nothing from other failures', () => {
    expect(fieldErrors(toApiError(failure, 'Failed'), ['otp'])).toEqual({ otp: 'Expired.' });
    expect(fieldErrors(new Error('boom'), ['email'])).toEqual({});
  });
});
