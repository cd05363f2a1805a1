/**
 * What a screen does to the browser beyond its own frame: leave the panel for another site (after cancelling,
 * for a domain's own site), and open a tab. Screens take it from a React context, so tests give them a fake
 * instead of a page navigation jsdom cannot do; `createPageNavigation` takes the window, for the tests of the
 * object itself.
 */
import { createContext, useContext } from 'react';

export interface PendingTab {
  /** Sends the tab to its address once it is known. */
  go(url: string): void;
}

type PageWindow = Pick<Window, 'top' | 'location' | 'open'>;

export interface PageNavigation {
  /** Leaves for `url` with the whole admin page when the host lets the frame do that, else with the frame. */
  leave(url: string): void;
  /**
   * Opens a tab at once, while the click still counts as the user's (a tab opened after an awaited call is
   * blocked as a pop-up), to send it where an answer says afterwards.
   */
  openPendingTab(): PendingTab;
  /** Loads the panel afresh (after a change the whole panel must re-read, such as a domain just bought). */
  reload(): void;
}

export function createPageNavigation(page: PageWindow): PageNavigation {
  return {
    leave(url) {
      try {
        if (page.top && page.top !== page) {
          page.top.location.href = url;
          return;
        }
      } catch {
        // A sandbox without top navigation refuses: the frame goes instead.
      }
      page.location.assign(url);
    },

    openPendingTab() {
      const tab = page.open('', '_blank');
      if (tab) tab.opener = null;
      return {
        go(url) {
          if (tab && !tab.closed) tab.location.href = url;
          else page.open(url, '_blank', 'noopener');
        },
      };
    },

    reload() {
      page.location.reload();
    },
  };
}

/** The browser's own navigation unless a provider (a test) gives another. */
export const PageNavigationContext = createContext<PageNavigation>(
  createPageNavigation(typeof window === 'undefined' ? ({} as PageWindow) : window),
);

export function usePageNavigation(): PageNavigation {
  return useContext(PageNavigationContext);
}
