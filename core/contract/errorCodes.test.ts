import { API_ERROR_CODES, isApiErrorCode } from './errorCodes';
import { apiErrorSchema } from './calls';

describe('the error codes', () => {
  it('are snake_case names, each once', () => {
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
  });

  it('tell a known code from anything else', () => {
    expect(isApiErrorCode('not_owner')).toBe(true);
    expect(isApiErrorCode('token_expired')).toBe(true);
    expect(isApiErrorCode('no_such_code')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
    expect(isApiErrorCode(403)).toBe(false);
  });
});

describe('apiErrorSchema', () => {
  it('takes a failure with a known code, and refuses one without a code or with another', () => {
    const error = { code: 'forbidden', message: 'You do not have access to this resource.', status: 403 };
    expect(apiErrorSchema.parse({ error })).toEqual({ error });
    expect(apiErrorSchema.safeParse({ error: { message: error.message, status: 403 } }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ error: { ...error, code: 'no_such_code' } }).success).toBe(false);
  });
});
