/**
 * The real registrar's adapter: its token API, `POST <api>/token` with the application's id and secret, answers
 * `{auth_token}`, a JWT the purchase widget opens with. The secret never leaves the server; the panel receives the
 * token only (get-entri-token). Plain fetch: the registrar publishes no server package.
 */
import { z } from 'zod';
import { toUnixSeconds } from '../../core/rules/dates';
import {
  REGISTRAR_TOKEN_TTL_SECONDS,
  RegistrarProviderError,
  type RegistrarProvider,
  type RegistrarToken,
} from './provider';

/** A registrar that does not answer within this long fails the call rather than hold the panel's spinner. */
const TOKEN_TIMEOUT_MS = 10_000;

const tokenAnswer = z.object({ auth_token: z.string().min(1) });

export interface EntriRegistrarOptions {
  /** ENTRI_API_URL: the token API's base, e.g. https://api.goentri.com (tests point it at a local double) */
  apiUrl: string;
  applicationId: string;
  /** ENTRI_SECRET */
  secret: string;
  now: () => number;
}

export class EntriRegistrar implements RegistrarProvider {
  readonly name = 'entri';
  readonly applicationId: string;

  constructor(private readonly options: EntriRegistrarOptions) {
    this.applicationId = options.applicationId;
  }

  async issueToken(): Promise<RegistrarToken> {
    // Taken before the request: the token's life starts when it is issued, not when its answer arrives.
    const issuedAt = toUnixSeconds(this.options.now());
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ applicationId: this.options.applicationId, secret: this.options.secret }),
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
    } catch (error) {
      throw new RegistrarProviderError(`the registrar's token API did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) throw new RegistrarProviderError(`the registrar's token API answered ${response.status}`);
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new RegistrarProviderError("the registrar's token API answered without a token");
    // The registrar does not say how long its token lives; the spec assumes about 55 minutes (SPEC 9).
    return { token: parsed.data.auth_token, expiresAt: issuedAt + REGISTRAR_TOKEN_TTL_SECONDS };
  }
}
