/**
 * How an endpoint describes a call to the transport: by its name in the call contract. The URL, whether the
 * transport may retry it, and the types of its data and options all follow from that name, so an endpoint
 * cannot drift from the schema the server validates its body with.
 */
import type { CallData, CallName, CallRequest } from './contract';

/**
 * A read changes nothing that sending it twice would repeat; a write may create, charge or change something.
 * The transport retries a write only when it carries an idempotency key: without one, a reply lost on the way
 * back would make a retry do the work twice.
 */
export type CallKind = 'read' | 'write';

/** Typed over every call name, so a call added to the contract does not compile until it is classified here. */
export const callKinds: Record<CallName, CallKind> = {
  // Exchanging a token changes nothing the customer owns: a second exchange only issues another token.
  'billing-session': 'read',
  'get-billing-data': 'read',
  'get-subscription': 'read',
  'get-current-site': 'read',
  'get-current-site-limits': 'read',
  'get-current-plan': 'read',
  'get-invoice-details': 'read',
  'get-invoices': 'read',
  'get-latest-invoice': 'read',
  'get-discount-details': 'read',
  'get-customer-balance': 'read',
  'get-account-info': 'read',
  // A portal link is a short-lived session at the provider: a second one costs nothing.
  'get-stripe-portal-url': 'read',
  'payment-method': 'read',
  'setup-card': 'write',
  'update-card': 'write',
  'add-invoice-details': 'write',
  'update-billing-contact': 'write',
  cancel: 'write',
  'cancel-background': 'write',
  'update-auto-billing': 'write',
  'get-invoice-preview': 'read',
  'get-coupon-details': 'read',
  'change-subscription': 'write',
  'activate-subscription': 'write',
  'update-discount': 'write',
  'create-payment-intent': 'write',
  // Domains: the checks look again at what DNS and the providers say now; sending them twice repeats nothing.
  'check-domain': 'read',
  'lookup-nameserver': 'read',
  'check-domain-dns': 'read',
  'get-sending-domain-records': 'read',
  'check-sending-domain': 'read',
  'verify-sending-domain': 'read',
  // A registrar token is a short-lived session like a portal link: a second one costs nothing.
  'get-entri-token': 'read',
  'update-domain': 'write',
  'activate-domain': 'write',
  'setup-sending-domain': 'write',
  'remove-sending-domain': 'write',
  'enable-entri': 'write',
};

/** What the transport sends for one call (see baseQuery.ts); endpoints build it with `call`. */
export interface CallArgs {
  url: string;
  kind: CallKind;
  data?: unknown;
  options?: Record<string, unknown>;
  /** The token to send instead of the session token: the host's identity token for billing-session. */
  jwt?: string;
  /** The billing-session call itself: its failures are not answered by refreshing the session. */
  isSessionCall?: boolean;
  /** Sent as the idempotency-key header; the one thing that lets the transport retry a write. */
  idempotencyKey?: string;
  /** Adds what the host answered to forceUpgradeInfo to the options; the transport reads it from the session. */
  withForceUpgrade?: boolean;
}

type CallOptions<Name extends CallName> = CallRequest<Name>['options'];

/** `{key: value}`, optional exactly when the contract lets the value be left out. */
type Field<Key extends string, Value> = undefined extends Value ? { [K in Key]?: Value } : { [K in Key]: Value };

/** Only the calls whose options name forceUpgrade (not those that accept any option) may ask for it. */
type ForceUpgradeField<Name extends CallName> = string extends keyof NonNullable<CallOptions<Name>>
  ? { withForceUpgrade?: never }
  : 'forceUpgrade' extends keyof NonNullable<CallOptions<Name>>
    ? { withForceUpgrade?: boolean }
    : { withForceUpgrade?: never };

export type CallParts<Name extends CallName> = Field<'data', CallData<Name>> &
  Field<'options', CallOptions<Name>> &
  ForceUpgradeField<Name> &
  Pick<CallArgs, 'jwt' | 'isSessionCall' | 'idempotencyKey'>;

/** The parts may be left out when the call needs none of them. */
type PartsParameter<Name extends CallName> = Partial<CallParts<Name>> extends CallParts<Name>
  ? [parts?: CallParts<Name>]
  : [parts: CallParts<Name>];

export function call<Name extends CallName>(name: Name, ...[parts]: PartsParameter<Name>): CallArgs {
  return { ...(parts as Omit<CallArgs, 'url' | 'kind'> | undefined), url: `/api/${name}`, kind: callKinds[name] };
}
