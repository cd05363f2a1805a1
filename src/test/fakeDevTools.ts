/**
 * A stand-in for the Redux DevTools browser extension, installed on import: Redux Toolkit looks for the extension
 * once, when it loads, so a test imports this module before anything that loads the store. Like the extension, it
 * records each action and the state after it as the store's DevTools options sanitize them (app/store.ts).
 */
// Types only: loading Redux Toolkit here would have it look for the extension before it is installed.
import type { StoreCreator, StoreEnhancer, UnknownAction } from '@reduxjs/toolkit';

interface DevToolsOptions {
  actionSanitizer?: (action: UnknownAction, id: number) => unknown;
  stateSanitizer?: (state: unknown, index: number) => unknown;
}

/** What the extension would show: each action and the state after it, sanitized. */
export const devToolsRecording: { action: unknown; state: unknown }[] = [];

function recordingEnhancer(options: DevToolsOptions): StoreEnhancer {
  return (createStore) => (reducer, preloadedState) => {
    const store = createStore(reducer, preloadedState);
    const dispatch = ((action: UnknownAction) => {
      const result = store.dispatch(action as Parameters<typeof store.dispatch>[0]);
      const index = devToolsRecording.length;
      devToolsRecording.push({
        action: options.actionSanitizer ? options.actionSanitizer(action, index) : action,
        state: options.stateSanitizer ? options.stateSanitizer(store.getState(), index) : store.getState(),
      });
      return result;
    }) as typeof store.dispatch;
    return { ...store, dispatch };
  };
}

Object.assign(window, {
  __REDUX_DEVTOOLS_EXTENSION_COMPOSE__:
    (options: DevToolsOptions) =>
    (...enhancers: StoreEnhancer[]) =>
    (createStore: StoreCreator) =>
      // As Redux's compose(...enhancers, recording): the extension's own enhancer innermost, nearest the store.
      enhancers.reduceRight((next, enhancer) => enhancer(next), recordingEnhancer(options)(createStore)),
});
