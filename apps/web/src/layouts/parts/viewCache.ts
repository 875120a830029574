// Which views the view area keeps alive: with the view cache on, every visited view
// whose tab is still open and that is not flagged noCache, at most MAX_CACHED_VIEWS of them, the least
// recently shown dropped first. Pure, so that the rules are tested without rendering.

export interface CacheEntry<T> {
  /** The view's identity: its path, plus the refresh count so that a refreshed view starts afresh. */
  key: string;
  path: string;
  /** May stay mounted after the user leaves it. */
  cacheable: boolean;
  value: T;
}

export interface CachePolicy {
  /** The view cache switch of the settings. */
  enabled: boolean;
  /** Paths whose tabs are open. */
  openPaths: ReadonlySet<string>;
  max: number;
}

/**
 * The entries after showing `current`: it moves to the end (most recent) with its new value; earlier
 * entries stay only while the cache is on, they are cacheable and their tab is open, and the oldest go
 * beyond `max`. The current view is always kept (it is on screen).
 */
export function nextCache<T>(
  entries: readonly CacheEntry<T>[],
  current: CacheEntry<T>,
  policy: CachePolicy,
): CacheEntry<T>[] {
  const others = policy.enabled
    ? entries.filter(
        (entry) =>
          entry.key !== current.key &&
          entry.path !== current.path &&
          entry.cacheable &&
          policy.openPaths.has(entry.path),
      )
    : [];
  const next = [...others, current];
  const limit = Math.max(1, policy.max);
  return next.length > limit ? next.slice(next.length - limit) : next;
}
