/**
 * What a screen may change in the shell around it: the heading (default 'Billing and domain settings'),
 * whether the navigation shows, and what the shell's status region announces. Screens call the hooks; the
 * shell reads the context.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** The heading's default, and the page's title (SPEC 2, "Shell"). */
export const DEFAULT_TITLE = msg`Billing and domain settings`;

/**
 * What a screen gives the shell to say: a catalog message, read in the owner's language each time the shell
 * renders (so a language switch rewords it in place), or a text the screen has already put in it.
 */
export type ShellText = MessageDescriptor | string;

/** A message for the shell's status region, from a change that leaves the screen it was made on. */
export interface Announcement {
  /** Tells a repeated message from the last one, so that it is announced again. */
  id: number;
  /** In the owner's language. */
  message: string;
  /** The path of the screen the change was made on. */
  madeOn: string;
}

interface ShellControls {
  setTitle(title: ShellText | null): void;
  setNavigationHidden(owner: symbol, hidden: boolean): void;
  announce(message: ShellText, madeOn: string): void;
}

interface ShellState {
  /** In the owner's language, as are the announcement's words. */
  title: string;
  navigationHidden: boolean;
  announcement: Announcement | null;
  /** Grows each time a change announced on leaving its screen arrives on the next: the heading takes the focus. */
  headingFocusRequest: number;
}

const ShellControlsContext = createContext<ShellControls | null>(null);
// Without a ShellProvider there is no shell to show a title.
const ShellStateContext = createContext<ShellState>({
  title: '',
  navigationHidden: false,
  announcement: null,
  headingFocusRequest: 0,
});

/**
 * Where a change announced on leaving its screen has led: the first other path asks for the heading's focus;
 * moving on from there clears the message, so that a later reading of the page does not come across it.
 */
function useArrivalAfterLeaving(
  announcement: Pick<Announcement, 'id' | 'madeOn'> | null,
  clear: (id: number) => void,
): number {
  const { pathname } = useLocation();
  const arrival = useRef<{ id: number; pathname: string } | null>(null);
  const [headingFocusRequest, setHeadingFocusRequest] = useState(0);
  useEffect(() => {
    if (!announcement || pathname === announcement.madeOn) return;
    if (arrival.current?.id !== announcement.id) {
      arrival.current = { id: announcement.id, pathname };
      // A state, not a focus now: the next render holds the title the new screen sets as it mounts.
      setHeadingFocusRequest((request) => request + 1);
    } else if (arrival.current.pathname !== pathname) {
      clear(announcement.id);
    }
  }, [announcement, clear, pathname]);
  return headingFocusRequest;
}

function inLanguage(translate: (message: MessageDescriptor) => string, text: ShellText): string {
  return typeof text === 'string' ? text : translate(text);
}

interface StoredAnnouncement extends Omit<Announcement, 'message'> {
  message: ShellText;
}

export function ShellProvider({ children }: { children: ReactNode }) {
  // Read here, so that the shell renders again in the owner's new language.
  const { _: translate } = useLingui();
  const [title, setTitle] = useState<ShellText | null>(null);
  // Several screens (a gate and the screen inside it) may hide the navigation at once: it shows when none does.
  const [hiders, setHiders] = useState<ReadonlySet<symbol>>(new Set());
  const [stored, setAnnouncement] = useState<StoredAnnouncement | null>(null);
  // Counts every announcement, cleared ones too, so a repeated message is a new one.
  const announcementCount = useRef(0);
  const controls = useMemo<ShellControls>(
    () => ({
      setTitle,
      setNavigationHidden(owner, hidden) {
        setHiders((current) => {
          if (current.has(owner) === hidden) return current;
          const next = new Set(current);
          if (hidden) next.add(owner);
          else next.delete(owner);
          return next;
        });
      },
      announce(message, madeOn) {
        announcementCount.current += 1;
        setAnnouncement({ id: announcementCount.current, message, madeOn });
      },
    }),
    [],
  );
  const clearAnnouncement = useCallback(
    (id: number) => setAnnouncement((current) => (current?.id === id ? null : current)),
    [],
  );
  const announcement = useMemo(
    () => stored && { ...stored, message: inLanguage(translate, stored.message) },
    [stored, translate],
  );
  const headingFocusRequest = useArrivalAfterLeaving(stored, clearAnnouncement);
  const state = useMemo(
    () => ({
      title: inLanguage(translate, title ?? DEFAULT_TITLE),
      navigationHidden: hiders.size > 0,
      announcement,
      headingFocusRequest,
    }),
    [translate, title, hiders, announcement, headingFocusRequest],
  );
  return (
    <ShellControlsContext.Provider value={controls}>
      <ShellStateContext.Provider value={state}>{children}</ShellStateContext.Provider>
    </ShellControlsContext.Provider>
  );
}

export function useShellState(): ShellState {
  return useContext(ShellStateContext);
}

function useShellControls(): ShellControls {
  const controls = useContext(ShellControlsContext);
  if (!controls) throw new Error('Shell hooks need a ShellProvider');
  return controls;
}

/** Replaces the shell's heading while the calling screen is mounted. */
export function useScreenTitle(title: ShellText) {
  const { setTitle } = useShellControls();
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}

/** Hides the navigation while `hidden` is true and the calling screen is mounted. */
export function useHideNavigation(hidden: boolean) {
  const { setNavigationHidden } = useShellControls();
  const [owner] = useState(() => Symbol('navigation-hider'));
  useEffect(() => {
    setNavigationHidden(owner, hidden);
    return () => setNavigationHidden(owner, false);
  }, [setNavigationHidden, owner, hidden]);
}

/**
 * Announces a change that leaves the screen (the screen's own status region goes with it): the shell's polite
 * status region, there on every screen, says `message`, and on the next screen the shell's heading takes the
 * focus, since the control that made the change went with the old screen.
 */
export function useAnnounceLeaving(): (message: ShellText) => void {
  const { announce } = useShellControls();
  const { pathname } = useLocation();
  return useCallback((message: ShellText) => announce(message, pathname), [announce, pathname]);
}
