/** The small rules screens share: the help links, page navigation, the abortable poll. */
import { companyPage, portalReturnUrl } from './links';
import { createPageNavigation } from './pageNavigation';
import { poll } from './poll';

describe('links', () => {
  it('puts help pages on the company site', () => {
    expect(companyPage('https://inkwell.test', '/help/billing/')).toBe('https://inkwell.test/help/billing/');
    expect(companyPage('not a url', '/help/billing/')).toBe('/help/billing/');
  });

  it("sends the portal back to the admin page around the panel, else to the admin's origin", () => {
    const admins = ['http://127.0.0.1:4000', 'http://localhost:4000'];
    expect(portalReturnUrl('http://localhost:4000/#/pro/billing', admins)).toBe('http://localhost:4000/#/pro/billing');
    expect(portalReturnUrl('', admins)).toBe('http://127.0.0.1:4000/');
    expect(portalReturnUrl('https://evil.example/', admins)).toBe('http://127.0.0.1:4000/');
    expect(portalReturnUrl('http://localhost:4000/', [])).toBeNull();
  });
});

describe('poll', () => {
  beforeEach(() => jest.useFakeTimers());

  it('reads every interval until a reading is done, and gives it back', async () => {
    const readings = ['pending', 'pending', 'active'];
    const reads: number[] = [];
    const start = Date.now();
    const outcome = poll({
      read: async () => {
        reads.push(Date.now() - start);
        return readings[reads.length - 1]!;
      },
      isDone: (status) => status === 'active',
      intervalMs: 3000,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      now: () => Date.now(),
    });
    await jest.advanceTimersByTimeAsync(9000);
    await expect(outcome).resolves.toEqual({ outcome: 'done', value: 'active' });
    expect(reads).toEqual([3000, 6000, 9000]);
  });

  it('times out, the last wait cut to what is left', async () => {
    const reads: number[] = [];
    const start = Date.now();
    const outcome = poll({
      read: async () => reads.push(Date.now() - start),
      isDone: () => false,
      intervalMs: 3000,
      timeoutMs: 7000,
      signal: new AbortController().signal,
      now: () => Date.now(),
    });
    await jest.advanceTimersByTimeAsync(7000);
    await expect(outcome).resolves.toEqual({ outcome: 'timedOut' });
    expect(reads).toEqual([3000, 6000, 7000]);
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
      location: { assign: jest.fn(), reload: jest.fn() },
      open: jest.fn(),
    };
    page.top = framed ? top : page;
    return {
      page: page as unknown as Window,
      topVisits,
      assign: page.location.assign,
      open: page.open,
      reload: page.location.reload,
    };
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

  it('reloads the panel itself, not the admin page around it', () => {
    const { page, reload, topVisits } = fakePage();
    createPageNavigation(page).reload();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(topVisits).toEqual([]);
  });
});
