/** The card calls as the server answers them. */
import { json, onCall } from '../server';

/** setup-card hands out this setup intent; returns its calls. */
export function answerSetupCard(setupIntentId: string, clientSecret = `${setupIntentId}_secret`) {
  return onCall('setup-card', () => json({ clientSecret, setupIntentId }));
}
