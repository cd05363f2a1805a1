/** The real registrar's adapter against a local double of its token API. */
import { startRegistrarDouble, type RegistrarDouble } from '../testing/registrarDouble';
import { EntriRegistrar } from './entri';
import { REGISTRAR_TOKEN_TTL_SECONDS, RegistrarProviderError } from './provider';

const credentials = { applicationId: 'inkwell-live', secret: 'entri-secret-1' };
const NOW_MS = Date.UTC(2026, 10, 25, 12);

let double: RegistrarDouble;

beforeEach(async () => {
  double = await startRegistrarDouble(credentials);
});

afterEach(async () => {
  await double.close();
});

const registrar = (overrides: Partial<{ secret: string; apiUrl: string }> = {}) =>
  new EntriRegistrar({ apiUrl: double.url, ...credentials, now: () => NOW_MS, ...overrides });

describe('the registrar token API adapter', () => {
  it("sends the application's id and secret and returns its token, valid 55 minutes from now", async () => {
    expect(await registrar().issueToken()).toEqual({
      token: 'double-token-1',
      expiresAt: NOW_MS / 1000 + REGISTRAR_TOKEN_TTL_SECONDS,
    });
    expect(double.requests).toEqual([credentials]);
    expect(registrar().applicationId).toBe('inkwell-live');
  });

  it('fails with a provider error when the secret is refused', async () => {
    await expect(registrar({ secret: 'wrong' }).issueToken()).rejects.toThrow(
      new RegistrarProviderError("the registrar's token API answered 401"),
    );
  });

  it.each([
    [200, { token: 'not the field it names' }],
    [200, { auth_token: '' }],
    [200, 'not an object'],
    [503, { message: 'maintenance' }],
  ])('fails with a provider error on the answer %d %j', async (status, body) => {
    double.failWith(status, body);
    await expect(registrar().issueToken()).rejects.toBeInstanceOf(RegistrarProviderError);
  });

  it('fails with a provider error when nothing answers', async () => {
    await expect(registrar({ apiUrl: 'http://127.0.0.1:9' }).issueToken()).rejects.toBeInstanceOf(
      RegistrarProviderError,
    );
  });
});
