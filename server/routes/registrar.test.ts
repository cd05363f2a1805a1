/**
 * The purchase widget's token from the real registrar's token API (REGISTRAR_PROVIDER=entri), over HTTP against
 * the demo, with the API a local double: the secret stays on the server, a refusal is the spec's error.
 */
import { calls } from '../../core/contract';
import { startRegistrarDouble } from '../testing/registrarDouble';
import { errorOf, scenarioCalls, setUpDemoWithDouble } from '../testing/testKit';

const credentials = { applicationId: 'inkwell-live', secret: 'entri-secret-1' };

const { demo, double } = setUpDemoWithDouble(
  () => startRegistrarDouble(credentials),
  (registrar) => ({
    REGISTRAR_PROVIDER: 'entri',
    ENTRI_API_URL: registrar.url,
    ENTRI_APPLICATION_ID: credentials.applicationId,
    ENTRI_SECRET: credentials.secret,
  }),
);
const { api } = scenarioCalls(demo);

const staffCall = (name: 'enable-entri' | 'get-entri-token', data: object) => api(name, 'staff', data);

describe('get-entri-token with the real registrar', () => {
  it("answers the registrar's token and the application id, never the secret", async () => {
    expect((await staffCall('enable-entri', { siteId: 'site_staff' })).status).toBe(200);
    const result = await staffCall('get-entri-token', {});
    expect(result.status).toBe(200);
    const answer = calls['get-entri-token'].response.parse(result.body);
    expect(answer).toMatchObject({ token: 'double-token-1', applicationId: 'inkwell-live' });
    expect(JSON.stringify(result.body)).not.toContain(credentials.secret);
    expect(double.requests.at(-1)).toEqual(credentials);
  });

  it("answers 502 'Error enabling Entri integration' when the registrar refuses", async () => {
    double.failWith(401, { message: 'Invalid credentials' });
    const result = await staffCall('get-entri-token', {});
    expect(result.status).toBe(502);
    expect(errorOf(result)).toEqual({
      status: 502,
      code: 'registrar_unavailable',
      message: 'Error enabling Entri integration',
    });
  });
});
