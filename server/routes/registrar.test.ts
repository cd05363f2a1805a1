/**
 * The purchase widget's token from the real registrar's token API (REGISTRAR_PROVIDER=entri), over HTTP against
 * the demo, with the API a local double: the secret stays on the server, a refusal is the spec's error.
 */
import { apiErrorSchema, calls } from '../../core/contract';
import { startDemo, type Demo } from '../testing/harness';
import { startRegistrarDouble, type RegistrarDouble } from '../testing/registrarDouble';

const credentials = { applicationId: 'inkwell-live', secret: 'entri-secret-1' };

let double: RegistrarDouble;
let demo: Demo;

beforeAll(async () => {
  double = await startRegistrarDouble(credentials);
  demo = await startDemo({
    env: { REGISTRAR_PROVIDER: 'entri', ENTRI_API_URL: double.url, ENTRI_APPLICATION_ID: credentials.applicationId, ENTRI_SECRET: credentials.secret },
  });
});

afterAll(async () => {
  await demo?.close();
  await double?.close();
});

async function staffCall(name: 'enable-entri' | 'get-entri-token', data: object) {
  return demo.api(name, { jwt: await demo.session('staff'), data, options: {} });
}

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
    expect(apiErrorSchema.parse(result.body).error).toEqual({ status: 502, message: 'Error enabling Entri integration' });
  });
});
