// The module views and runtime views this build contains, keyed as buildRoutes expects.
// A module page registers itself by its place: `src/views/<urlAddress>/index.page.tsx` (for example
// views/systemData/dictionary/index.page.tsx serves the menu whose urlAddress is systemData/dictionary).
// Each is a dynamic import, so every administration view is its own chunk, and no shared list is edited.
// Runtime views (menu types 3, 4, 5, 8) are registered below by kind, each its own chunk as well.
import type { PageLoader, ViewRegistry } from './types';

const pageModules = import.meta.glob<{ default: React.ComponentType }>('../../views/**/index.page.tsx');

/** 'views/system/billRule/index.page.tsx' → 'system/billRule' */
export function pageKeyOf(modulePath: string): string {
  return modulePath.replace(/^.*?\/views\//, '').replace(/\/index\.page\.tsx$/, '');
}

export function pagesFrom(modules: Record<string, () => Promise<{ default: React.ComponentType }>>) {
  const pages: Record<string, PageLoader> = {};
  for (const [path, load] of Object.entries(modules)) pages[pageKeyOf(path)] = load;
  return pages;
}

export const appViewRegistry: ViewRegistry = {
  pages: pagesFrom(pageModules),
  runtimes: {
    dynamicModel: () => import('../../views/dynamicModel/DynamicModelView'),
    dictionary: () => import('../../views/systemData/dictionary/DynamicDictionary'),
    report: () => import('../../views/common/dataReport/DataReportView'),
  },
};
