/**
 * What a screen may change in the shell around it: the heading (default 'Billing and domain settings') and
 * whether the navigation shows. Screens call the hooks; the shell reads the context.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export const DEFAULT_TITLE = 'Billing and domain settings';

interface ShellControls {
  setTitle(title: string | null): void;
  setNavigationHidden(owner: symbol, hidden: boolean): void;
}

interface ShellState {
  title: string;
  navigationHidden: boolean;
}

const ShellControlsContext = createContext<ShellControls | null>(null);
const ShellStateContext = createContext<ShellState>({ title: DEFAULT_TITLE, navigationHidden: false });

export function ShellProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  // Several screens (a gate and the screen inside it) may hide the navigation at once: it shows when none does.
  const [hiders, setHiders] = useState<ReadonlySet<symbol>>(new Set());
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
    }),
    [],
  );
  const state = useMemo(() => ({ title: title ?? DEFAULT_TITLE, navigationHidden: hiders.size > 0 }), [title, hiders]);
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
export function useScreenTitle(title: string) {
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
