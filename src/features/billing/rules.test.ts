/** The dashboard's small rules: the help links, the cancel poll and the shared sleep it waits with, page navigation. */
import { CANCEL_POLL_INTERVAL_MS, CANCEL_POLL_TIMEOUT_MS } from '../../lib/constants';
import { companyPage, portalReturnUrl } from '../account/links';
import { createPageNavigation } from '../account/pageNavigation';
import { sleep } from '../account/poll';
import { waitUntilCanceled } from './cancelPoll';

describe('links', () => {
  it('puts help pages on the company site', () => {
    expect(companyPage('https://inkwell.test', '/help/billing/')).toBe('https://inkwell.test/help/billing/');
    expect(companyPage('not a url', '/help/billing/')).toBe('/help/billing/');
  });

  it('sends the portal back to the admin page around the panel, else to the company site', () => {
    expect(portalReturnUrl('http://127.0.0.1:4000/#/pro/billing', 'https://inkwell.test')).toBe('http://127.0.0.1:4000/#/pro/billing');
    expect(portalReturnUrl('', 'https://inkwell.test')).toBe('https://inkwell.test');
  });
});

describe('the cancel poll', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads every 4 s until canceled', async () => {
    const statuses = ['active', 'active', 'canceled'] as const;
    const reads: number[] = [];
    const outcome = waitUntilCanceled({
      signal: new AbortController().signal,
      now: () => Date.now(),
      readStatus: async () => {
        reads.push(Date.now());
        return statuses[reads.length - 1] ?? null;
      },
    });
    await jest.advanceTimersByTimeAsync(3 * CANCEL_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toBe('canceled');
    const start = reads[0]! - CANCEL_POLL_INTERVAL_MS;
    expect(reads.map((time) => time - start)).toEqual([4000, 8000, 12000]);
  });

  it('fails at 90 s', async () => {
    let reads = 0;
    const outcome = waitUntilCanceled({
      signal: new AbortController().signal,
      now: () => Date.now(),
      readStatus: async () => {
        reads += 1;
        return 'active';
      },
    });
    await jest.advanceTimersByTimeAsync(CANCEL_POLL_TIMEOUT_MS);
    await expect(outcome).resolves.toBe('failed');
    expect(reads).toBe(23);
  });

  it('stops when aborted, between reads or during one', async () => {
    const controller = new AbortController();
    const readStatus = jest.fn(async () => 'active' as const);
    const outcome = waitUntilCanceled({ signal: controller.signal, now: () => Date.now(), readStatus });
    await jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS + 10);
    controller.abort();
    await expect(outcome).resolves.toBe('aborted');
    expect(readStatus).toHaveBeenCalledTimes(1);

    const during = new AbortController();
    const late = waitUntilCanceled({
      signal: during.signal,
      now: () => Date.now(),
      readStatus: async () => {
        during.abort();
        return 'canceled';
      },
    });
    await jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS);
    await expect(late).resolves.toBe('aborted');
  });

  it('does not wait at all once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sleep(CANCEL_POLL_INTERVAL_MS, controller.signal)).resolves.toBe(false);
  });
});

describe('page navigation', () => {
  function fakePage({ framed = true, refuseTop = false } = {}) {
    const top = {
      location: {
        set href(url: string) {
          if (refuseTop) throw new DOMException('Blocked', 'SecurityError');
          topVisits.push(url);
        },
      },
    };
    const topVisits: string[] = [];
    const page = {
      top: null as unknown,
      location: { assign: jest.fn() },
      open: jest.fn(),
    };
    page.top = framed ? top : page;
    return { page: page as unknown as Window, topVisits, assign: page.location.assign, open: page.open };
  }

  it('leaves with the whole admin page when framed', () => {
    const { page, topVisits, assign } = fakePage();
    createPageNavigation(page).leave('https://inkwell.test');
    expect(topVisits).toEqual(['https://inkwell.test']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves with the frame when the host refuses, or when not framed', () => {
    const refused = fakePage({ refuseTop: true });
    createPageNavigation(refused.page).leave('https://inkwell.test');
    expect(refused.assign).toHaveBeenCalledWith('https://inkwell.test');
    const alone = fakePage({ framed: false });
    createPageNavigation(alone.page).leave('https://inkwell.test');
    expect(alone.assign).toHaveBeenCalledWith('https://inkwell.test');
  });

  it('opens the tab at once and sends it on later, without a way back to the panel', () => {
    const { page, open } = fakePage();
    const tab = { opener: {} as unknown, closed: false, location: { href: '' } };
    open.mockReturnValue(tab);
    const pending = createPageNavigation(page).openPendingTab();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    pending.go('https://portal.test/session');
    expect(tab.location.href).toBe('https://portal.test/session');
  });

  it('opens the address itself when the first tab was blocked', () => {
    const { page, open } = fakePage();
    open.mockReturnValue(null);
    createPageNavigation(page).openPendingTab().go('https://portal.test/session');
    expect(open).toHaveBeenLastCalledWith('https://portal.test/session', '_blank', 'noopener');
  });
});
