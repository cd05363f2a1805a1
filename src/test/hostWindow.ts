/**
 * A stand-in for the host page in jsdom: a real Window (an iframe's) as the panel's parent, recording what the
 * panel posts to it and sending messages back from the host's origin.
 */
export const HOST_ORIGIN = 'http://127.0.0.1:4000';

export interface PostedMessage {
  message: Record<string, unknown>;
  targetOrigin: string;
}

export interface FakeHost {
  window: Window;
  posted: PostedMessage[];
  /** Sends a message to the panel as the host would (or as another origin/source would, to test rejection). */
  send(data: unknown, options?: { origin?: string; source?: Window | null }): void;
  /** Answers every `{request}` the panel posts with this response (a function is called each time). */
  answer(request: 'token' | 'forceUpgradeInfo', response: unknown | (() => unknown)): void;
  /** The messages the panel posted that carry this key. */
  postedWith(key: string): Array<Record<string, unknown>>;
  remove(): void;
}

export function createFakeHost(): FakeHost {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const hostWindow = frame.contentWindow as Window;
  const posted: PostedMessage[] = [];
  const answers = new Map<string, unknown | (() => unknown)>();

  const send: FakeHost['send'] = (data, { origin = HOST_ORIGIN, source = hostWindow } = {}) => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  };

  hostWindow.postMessage = ((message: Record<string, unknown>, targetOrigin: string) => {
    posted.push({ message, targetOrigin });
    const request = message.request;
    if (typeof request === 'string' && answers.has(request)) {
      const response = answers.get(request);
      // A real host answers asynchronously.
      queueMicrotask(() => send({ request, response: typeof response === 'function' ? response() : response }));
    }
  }) as Window['postMessage'];

  // jsdom has no ancestorOrigins: the referrer tells the panel its host's origin, as browsers without it do.
  Object.defineProperty(document, 'referrer', { value: `${HOST_ORIGIN}/`, configurable: true });

  return {
    window: hostWindow,
    posted,
    send,
    answer: (request, response) => answers.set(request, response),
    postedWith: (key) => posted.map((entry) => entry.message).filter((message) => key in message),
    remove: () => frame.remove(),
  };
}
