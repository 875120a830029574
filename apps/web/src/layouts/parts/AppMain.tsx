// The view area. With the view cache on (a setting of the settings drawer) each visited view stays mounted but hidden while its
// tab is open, so it keeps its state (form input, list page, scroll) when the user comes back; views flagged
// noCache and helper routes are never kept. A hidden view sees the location it was shown at, not the current
// one, and React's Activity pauses its effects. "Refresh" on a tag changes the view's key: it starts afresh.
import { Activity, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router';
import { useCurrentView } from '../../app/routes/viewInfo';
import { MAX_CACHED_VIEWS } from '../../platform/config';
import { usePreferences } from '../../platform/preferences';
import { useTags } from '../tags/tagsStore';
import styles from './AppMain.module.css';
import { nextCache, type CacheEntry } from './viewCache';

interface CachedView {
  element: ReactNode;
  location: Location;
}

export default function AppMain() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const view = useCurrentView();
  const useCache = usePreferences((state) => state.useCache);
  const views = useTags((state) => state.views);
  const { pathname } = location;
  const refreshCount = useTags((state) => state.refreshCounts[pathname] ?? 0);
  const cache = useRef<CacheEntry<CachedView>[]>([]);

  const current: CacheEntry<CachedView> = {
    key: `${pathname}#${refreshCount}`,
    path: pathname,
    cacheable: Boolean(view && !view.noCache && !view.hidden),
    value: { element: outlet, location },
  };
  // Recomputed on every render from the previous list; the same inputs give the same list, so a repeated
  // render (strict mode) is harmless.
  const entries = nextCache(cache.current, current, {
    enabled: useCache,
    openPaths: new Set(views.map((item) => item.path)),
    max: MAX_CACHED_VIEWS,
  });
  cache.current = entries;

  return (
    <main className={styles.main}>
      {entries.map((entry) => {
        const visible = entry.key === current.key;
        return (
          <Activity key={entry.key} mode={visible ? 'visible' : 'hidden'}>
            <UNSAFE_LocationContext.Provider value={{ location: entry.value.location, navigationType }}>
              <div className={styles.view} data-view-path={entry.path}>
                {entry.value.element}
              </div>
            </UNSAFE_LocationContext.Provider>
          </Activity>
        );
      })}
    </main>
  );
}
