/**
 * The store as features know it: its state, its dispatch, and what a feature registers with it. The store itself
 * is assembled in the app (app/store.ts) from the features' registrations; nothing here names a feature, so a
 * feature that imports these types never imports the store's module, nor itself, back.
 *
 * Each slice declares its own place in the state, beside its reducer:
 *   declare module '../../store/types' { interface RootState extends WithSlice<typeof checkoutSlice> {} }
 * and app/store.ts checks that the store it assembles holds exactly the state declared here.
 */
import type { Slice, ThunkDispatch, TypedStartListening, UnknownAction, WithSlice } from '@reduxjs/toolkit';
import type { api } from '../api/api';
import type { TransportContext } from '../api/baseQuery';
import type { hostSlice } from '../host/hostBridge';
import type { AskHost } from '../host/hostRequests';

/** The whole state: the transport's cache and the host's messages here, each feature's slices where they are made. */
export interface RootState extends WithSlice<typeof api>, WithSlice<typeof hostSlice> {}

/**
 * What thunks and listeners get as their extra argument: the transport (which RTK Query's base query gets as well),
 * and how to ask the host (the host bridge's: app/store.ts).
 */
export interface ThunkExtra extends TransportContext {
  askHost: AskHost;
}

/** The store's dispatch: plain actions and thunks, which get ThunkExtra as their extra argument. */
export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction>;

/** How a feature listens to actions (createListenerMiddleware's startListening, typed for this store). */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, ThunkExtra>;

/** What a feature brings to the store: the slices it owns and, if it acts on its own, its listeners. */
export interface StoreFeature {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any slice, whatever its state
  slices: readonly Slice<any, any, string, string, any>[];
  listen?(startListening: AppStartListening): void;
}
