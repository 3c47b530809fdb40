import { MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, deriveErrorMessage, extractFieldErrors, extractMessage, indicatesInvalidId } from './api-error';

const UUID = '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b';

describe('deriveErrorMessage (docs/spec/01-signin-home-create.md §8)', () => {
  it('no response → network error', () => {
    expect(deriveErrorMessage({})).toBe(MSG.networkError);
    expect(deriveErrorMessage({ status: 0 })).toBe(MSG.networkError);
  });

  it('HTML error page with a title → "Error: {title}"', () => {
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
    expect(deriveErrorMessage({ status: 502, data: html, contentType: 'text/html' })).toBe('Error: 502 Bad Gateway');
  });

  it('HTML error page recognised by its body alone', () => {
    expect(deriveErrorMessage({ status: 500, data: '<html><title>Oops</title></html>' })).toBe('Error: Oops');
  });

  it('HTML error page without a title → generic server sentence', () => {
    expect(
      deriveErrorMessage({
        status: 500,
        data: '<html><body>boom</body></html>',
        contentType: 'text/html; charset=utf-8',
      }),
    ).toBe(MSG.serverHtmlError);
  });

  it('403 → forbidden, whatever the body says', () => {
    expect(deriveErrorMessage({ status: 403, data: { detail: 'nope', code: 'permission_denied' } })).toBe(
      MSG.forbidden,
    );
  });

  it('404 → not found', () => {
    expect(
      deriveErrorMessage({
        status: 404,
        data: { detail: 'Not found.', code: 'not_found' },
        url: `/api/v1/club/tasks/${UUID}/`,
      }),
    ).toBe(MSG.notFound);
  });

  it('404 with an invalid id in the URL → invalid-link sentence', () => {
    expect(deriveErrorMessage({ status: 404, data: { detail: 'Not found.' }, url: '/api/v1/club/tasks/12345/' })).toBe(
      MSG.notFoundInvalidId,
    );
  });

  it('404 whose response mentions an invalid UUID → invalid-link sentence', () => {
    expect(
      deriveErrorMessage({ status: 404, data: { detail: 'Invalid ID format' }, url: '/api/v1/club/tasks/abc/' }),
    ).toBe(MSG.notFoundInvalidId);
    expect(deriveErrorMessage({ status: 404, data: '"x" is not a valid UUID.' })).toBe(MSG.notFoundInvalidId);
  });

  it('400 mentioning participate → participate sentence', () => {
    expect(
      deriveErrorMessage({ status: 400, data: { detail: 'Bad' }, url: `/api/v1/club/tasks/${UUID}/participate/` }),
    ).toBe(MSG.participateFailed);
    expect(deriveErrorMessage({ status: 400, data: { detail: 'Cannot participate twice' } })).toBe(
      MSG.participateFailed,
    );
  });

  it('otherwise message, detail, error, non_field_errors, errors, field lists — in that order', () => {
    expect(deriveErrorMessage({ status: 400, data: { message: 'm', detail: 'd' } })).toBe('m');
    expect(deriveErrorMessage({ status: 409, data: { detail: 'Already redeemed', code: 'conflict' } })).toBe(
      'Already redeemed',
    );
    expect(deriveErrorMessage({ status: 400, data: { error: 'e' } })).toBe('e');
    expect(deriveErrorMessage({ status: 400, data: { non_field_errors: ['a', 'b'] } })).toBe('a b');
    expect(deriveErrorMessage({ status: 400, data: { errors: ['x'] } })).toBe('x');
    expect(deriveErrorMessage({ status: 400, data: { errors: 'plain' } })).toBe('plain');
    expect(deriveErrorMessage({ status: 400, data: { errors: { email: ['Enter a valid email address'] } } })).toBe(
      'Email: Enter a valid email address',
    );
    expect(
      deriveErrorMessage({
        status: 400,
        data: { username: ['This username is already taken.'], phone_number: ['Bad'] },
      }),
    ).toBe('Username: This username is already taken. Phone number: Bad');
  });

  it('plain-text body is used as is', () => {
    expect(deriveErrorMessage({ status: 502, data: 'upstream unavailable' })).toBe('upstream unavailable');
  });

  it('nothing usable → "An error occurred"', () => {
    expect(deriveErrorMessage({ status: 500 })).toBe(MSG.defaultError);
    expect(deriveErrorMessage({ status: 418, data: { code: 'teapot' } })).toBe(MSG.defaultError);
    expect(deriveErrorMessage({ status: 400, data: [] })).toBe(MSG.defaultError);
  });
});

describe('helpers', () => {
  it('indicatesInvalidId ignores valid UUIDs and word segments', () => {
    expect(indicatesInvalidId({ url: `/api/v1/club/wallets/${UUID}/transactions/` })).toBe(false);
    expect(indicatesInvalidId({ url: '/api/v1/club/profiles/me/' })).toBe(false);
    expect(indicatesInvalidId({ url: '/api/v1/club/perks/42/details/' })).toBe(true);
  });

  it('extractMessage reads nested details', () => {
    expect(extractMessage({ detail: ['one', 'two'] })).toBe('one two');
    expect(extractMessage(null)).toBeNull();
  });

  it('extractFieldErrors reads errors maps and top-level lists', () => {
    expect(extractFieldErrors({ detail: 'x', code: 'invalid', errors: { email: ['bad email'] } })).toEqual({
      email: 'bad email',
    });
    expect(extractFieldErrors({ username: ['taken'] })).toEqual({ username: 'taken' });
  });

  it('ApiError carries status, code and the derived message', () => {
    const e = new ApiError({ kind: 'http', status: 403, url: '/x', data: { detail: 'no', code: 'permission_denied' } });
    expect(e.message).toBe(MSG.forbidden);
    expect(e.code).toBe('permission_denied');
    expect(new ApiError({ kind: 'network', url: '/x' }).message).toBe(MSG.networkError);
    expect(new ApiError({ kind: 'timeout', url: '/x' }).message).toBe(MSG.networkError);
  });
});
