// The tag bar's visited views. The list operations are pure functions so that the rules
// (pinned tabs stay, where to go after closing the active tab) are tested without rendering.
import { create } from 'zustand';
import type { ViewInfo } from '../../app/routes/viewInfo';
import { onSessionReset } from '../../platform/session';

/**
 * A tab: its identity is the path without query, and it returns to the full path (query included); a dynamic view
 * shows its menu's type and icon classes; a pinned (affix) tab cannot be closed.
 */
export interface VisitedView extends Pick<
  ViewInfo,
  'path' | 'fullPath' | 'name' | 'titleKey' | 'title' | 'menuType' | 'affix'
> {
  icon?: string;
}

export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((item) => item.path === view.path);
  if (index < 0) return [...views, view];
  const next = [...views];
  next[index] = { ...views[index]!, fullPath: view.fullPath, title: view.title };
  return next;
}

export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((item) => item.affix || item.path !== path);
}

export function closeOtherViews(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((item) => item.affix || item.path === path);
}

export function closeAllViews(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((item) => item.affix);
}

/**
 * Where to go after tabs were closed: nowhere while the active tab is still open; otherwise the last
 * remaining tab, or the root path when none is left.
 */
export function pathAfterClose(remaining: readonly VisitedView[], activePath: string): string | null {
  if (remaining.some((item) => item.path === activePath)) return null;
  return remaining.at(-1)?.fullPath ?? '/';
}

interface TagsState {
  views: VisitedView[];
  /** Bumped by "refresh" to remount a view. */
  refreshCounts: Record<string, number>;
}

export const useTags = create<TagsState>(() => ({ views: [], refreshCounts: {} }));

export const tagsActions = {
  add(view: VisitedView): void {
    useTags.setState((state) => ({ views: addView(state.views, view) }));
  },
  /** Each returns where to navigate, or null to stay. */
  close(path: string, activePath: string): string | null {
    const views = closeView(useTags.getState().views, path);
    useTags.setState({ views });
    return pathAfterClose(views, activePath);
  },
  closeOthers(path: string, activePath: string): string | null {
    const views = closeOtherViews(useTags.getState().views, path);
    useTags.setState({ views });
    if (path !== activePath)
      return views.find((item) => item.path === path)?.fullPath ?? pathAfterClose(views, activePath);
    return null;
  },
  closeAll(activePath: string): string | null {
    const views = closeAllViews(useTags.getState().views);
    useTags.setState({ views });
    return pathAfterClose(views, activePath);
  },
  refresh(path: string): void {
    useTags.setState((state) => ({
      refreshCounts: { ...state.refreshCounts, [path]: (state.refreshCounts[path] ?? 0) + 1 },
    }));
  },
};

onSessionReset(() => useTags.setState({ views: [], refreshCounts: {} }));
