import { useEffect } from 'react';
import { useCurrentView, type ViewInfo } from '../app/routes/viewInfo';
import { usePreferences } from '../platform/preferences';
import { tagsActions, type VisitedView } from './tags/tagsStore';

const HOME_VIEW: VisitedView = {
  path: '/home',
  fullPath: '/home',
  name: 'home',
  titleKey: 'route.home',
  title: '',
  menuType: null,
  affix: true,
};

/** Records each view shown in the layout as a tag; the home tab is pinned first. */
export function useVisitedViews(view: ViewInfo | null): void {
  useEffect(() => {
    tagsActions.add(HOME_VIEW);
  }, []);
  useEffect(() => {
    if (!view || view.hidden) return;
    tagsActions.add({
      path: view.path,
      fullPath: view.fullPath,
      name: view.name,
      titleKey: view.titleKey,
      title: view.title,
      menuType: view.menuType,
      icon: view.icon,
      affix: view.affix,
    });
  }, [view]);
}

/** What every layout reads: the view on screen (recorded as a tag), whether the side is dark, whether tags show. */
export function useLayoutState() {
  const view = useCurrentView();
  const dark = usePreferences((state) => state.sideStyle) === 'dark';
  const tagsView = usePreferences((state) => state.tagsView);
  useVisitedViews(view);
  return { view, dark, tagsView };
}
