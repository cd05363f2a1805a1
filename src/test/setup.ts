import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './server';

// The whole panel boots in each test (host handshake, session, data): on a busy 2-core machine a screen can take
// longer than Testing Library's 1 s default to appear. Waiting longer never makes a wrong screen pass.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
