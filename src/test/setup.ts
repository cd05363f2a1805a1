import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './server';
import { stopPanels } from './startedPanels';

// The whole panel boots in each test (host handshake, session, data): on a busy 2-core machine a screen can take
// longer than Testing Library's 1 s default to appear. Waiting longer never makes a wrong screen pass.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
// Every test starts from a clean page and real time, whatever it opened or faked (fakeTimers.ts).
afterEach(() => {
  stopPanels();
  jest.useRealTimers();
});
afterAll(() => server.close());
