/**
 * How an endpoint describes a call to the transport: by its name in the call contract. The URL, whether the
 * transport may retry it, and the types of its data and options all follow from that name, so an endpoint
 * cannot drift from the schema the server validates its body with.
 */
import { callKinds, type CallKind } from '../../core/rules/callKinds';
import type { CallData, CallName, CallRequest } from '../../core/contract';

/** What the transport sends for one call (see baseQuery.ts); endpoints build it with `call`. */
export interface CallArgs {
  url: string;
  /** the contract's name of the call (absent for a URL outside the contract) */
  name?: CallName;
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
type PartsParameter<Name extends CallName> =
  Partial<CallParts<Name>> extends CallParts<Name> ? [parts?: CallParts<Name>] : [parts: CallParts<Name>];

export function call<Name extends CallName>(name: Name, ...[parts]: PartsParameter<Name>): CallArgs {
  return { ...(parts as Omit<CallArgs, 'url' | 'kind'> | undefined), name, url: callUrl(name), kind: callKinds[name] };
}

/** Where a call is POSTed. */
export function callUrl(name: CallName): string {
  return `/api/${name}`;
}

/**
 * The JSON body of every call (SPEC section 4): the token, the call's data and its options. The transport
 * (baseQuery.ts) and the page's start-up script (src/startup/) both send it.
 */
export function callBody(
  jwt: string,
  data: unknown,
  options: Record<string, unknown>,
): { jwt: string; data: unknown; options: Record<string, unknown> } {
  return { jwt, data, options };
}
