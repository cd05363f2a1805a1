// The token command for the reference server's demo (docs/conformance.md): asks the demo host's backend for an
// identity token of a scenario's signed-in user, as the demo's host page does, so the token is exactly what that
// host gives the panel. CONFORMANCE_TOKEN picks the role: owner, other-owner, or expired (the owner's, expired).
// Usage: npm run conformance -- --base-url http://127.0.0.1:4001 \
//          --token-command "node conformance/demoToken.mjs --host http://127.0.0.1:4000 [--owner active] [--other-owner starter]"
import { parseArgs } from 'node:util';

/** Expired this long ago: well past any verifier's clock tolerance. */
const EXPIRED_SECONDS_AGO = 600;

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: 'http://127.0.0.1:4000' },
    owner: { type: 'string', default: 'active' },
    'other-owner': { type: 'string', default: 'starter' },
  },
});

const requests = {
  owner: { scenario: values.owner },
  'other-owner': { scenario: values['other-owner'] },
  expired: { scenario: values.owner, expiresIn: -EXPIRED_SECONDS_AGO },
};

const role = process.env.CONFORMANCE_TOKEN ?? '';
const request = Object.hasOwn(requests, role) ? requests[role] : null;
if (request === null) {
  process.stderr.write(`CONFORMANCE_TOKEN must be one of ${Object.keys(requests).join(', ')} (it is "${role}")\n`);
  process.exit(2);
}

const response = await fetch(`${values.host.replace(/\/+$/, '')}/admin-api/identity-token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(request),
});
const body = await response.json().catch(() => null);
if (!response.ok || typeof body?.token !== 'string') {
  process.stderr.write(`the demo host answered ${response.status}: ${JSON.stringify(body)}\n`);
  process.exit(1);
}
process.stdout.write(`${body.token}\n`);
