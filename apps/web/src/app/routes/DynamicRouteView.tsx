// Renders the dynamic route of the current path (the main layout's catch-all): the registered view,
// a runtime view, an embedded link, a directory's first child (or a note that it has none), or a clear
// "not in this version" result.
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ModuleContext } from '../../platform/auth/moduleContext';
import { DATA_VISUAL_URL } from '../../platform/config';
import { useSession } from '../../platform/session';
import EmbeddedPage from '../../views/common/embedded/EmbeddedPage';
import EmptyDirectory from '../../views/common/emptyDirectory/EmptyDirectory';
import ViewUnavailable from '../../views/common/unavailable/ViewUnavailable';
import { expandLinkTemplate } from './buildRoutes';
import { findRoute, useRouteTable } from './routeTable';
import type { PageLoader, RuntimeLoader, RuntimeViewProps } from './types';

// One lazy component per loader, so that revisiting a view does not re-suspend.
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
const lazyRuntimes = new Map<RuntimeLoader, LazyExoticComponent<ComponentType<RuntimeViewProps>>>();

function lazyPage(load: PageLoader) {
  let component = lazyPages.get(load);
  if (!component) lazyPages.set(load, (component = lazy(load)));
  return component;
}

function lazyRuntime(load: RuntimeLoader) {
  let component = lazyRuntimes.get(load);
  if (!component) lazyRuntimes.set(load, (component = lazy(load)));
  return component;
}

function ViewFallback() {
  return (
    <div className="full-page-center">
      <Spin />
    </div>
  );
}

export default function DynamicRouteView() {
  const location = useLocation();
  const routes = useRouteTable((state) => state.routes);
  const token = useSession((state) => state.token);
  const route = findRoute(routes, location.pathname);
  if (!route) return <Navigate to="/404" replace />;

  const { content, meta } = route;
  switch (content.kind) {
    case 'directory':
      return content.firstChildPath ? (
        <Navigate to={content.firstChildPath} replace />
      ) : (
        <EmptyDirectory title={meta.title} />
      );
    case 'page': {
      if (!content.load) return <ViewUnavailable title={meta.title} target={content.viewKey} />;
      const Page = lazyPage(content.load);
      return (
        <ModuleContext.Provider value={{ menuId: meta.menuId, title: meta.title }}>
          <Suspense fallback={<ViewFallback />}>
            <Page />
          </Suspense>
        </ModuleContext.Provider>
      );
    }
    case 'runtime': {
      if (!content.load)
        return <ViewUnavailable title={meta.title} target={`${content.runtime} ${content.moduleId}`.trim()} />;
      const Runtime = lazyRuntime(content.load);
      return (
        <ModuleContext.Provider value={{ menuId: meta.menuId, title: meta.title }}>
          <Suspense fallback={<ViewFallback />}>
            <Runtime menuId={meta.menuId} moduleId={content.moduleId} isTree={content.isTree} />
          </Suspense>
        </ModuleContext.Provider>
      );
    }
    case 'iframe':
      return (
        <EmbeddedPage
          title={meta.title}
          src={expandLinkTemplate(content.urlTemplate, { dataVisualUrl: DATA_VISUAL_URL, token })}
        />
      );
  }
}
