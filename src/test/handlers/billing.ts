/** The dashboard's calls as the server answers them. */
import type { BillingData, SubscriptionStatus } from '../../../core/contract';
import { json } from '../server';

/** get-subscription's answer: the data's subscription, with `status`. */
export function subscriptionAnswer(data: BillingData, status: SubscriptionStatus) {
  return json({ subscription: { ...data.subscription, status }, user: data.user, blogs: data.blogs, isPending: false });
}
