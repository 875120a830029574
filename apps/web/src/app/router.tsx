// The router: public routes, the fixed routes under the main layout, and a catch-all that renders the session's dynamic
// routes. The guard runs as the root loader before every navigation.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { bindNavigator } from '../platform/navigation';
import { basePathFromPath } from '../platform/storage';
import { createGuardLoader } from './guard/guardLoader';
import RootLayout from './RootLayout';
import RouteErrorPage from './RouteErrorPage';
import type { FixedRouteHandle } from './routes/viewInfo';

/** Route-level code splitting: the module's default export becomes the route component. */
function lazyComponent(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** Shown while the first navigation (guard, session, code) resolves; the same spinner as index.html. */
function BootFallback() {
  return <div className="boot-loader" />;
}

const handle = (value: FixedRouteHandle) => value;

export function createAppRouter() {
  const basePath = basePathFromPath(window.location.pathname);
  const router = createBrowserRouter(
    [
      {
        id: 'root',
        Component: RootLayout,
        loader: createGuardLoader(basePath),
        // The guard must see every navigation, not only those that change this route's params.
        shouldRevalidate: () => true,
        HydrateFallback: BootFallback,
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            path: 'login',
            handle: handle({ name: 'login', titleKey: 'route.login' }),
            lazy: lazyComponent(() => import('../views/auth/login/LoginPage')),
          },
          {
            path: 'lockScreen',
            handle: handle({ name: 'lockScreen', titleKey: 'route.lockScreen' }),
            lazy: lazyComponent(() => import('../views/auth/lockScreen/LockScreenPage')),
          },
          ...['sso', 'pcsso'].map((path) => ({
            path,
            handle: handle({ name: path, titleKey: 'route.sso', hidden: true, noCache: true }),
            lazy: lazyComponent(() => import('../views/auth/sso/SsoPage')),
          })),
          {
            path: 'auth-redirect',
            handle: handle({ name: 'authRedirect', titleKey: 'route.authRedirect', hidden: true, noCache: true }),
            lazy: lazyComponent(() => import('../views/auth/authRedirect/AuthRedirectPage')),
          },
          {
            path: 'formShortLink',
            handle: handle({ name: 'formShortLink', titleKey: 'route.formShortLink', hidden: true, noCache: true }),
            lazy: lazyComponent(() => import('../views/dynamicModel/formShortLink/FormShortLinkPage')),
          },
          {
            path: '404',
            handle: handle({ name: '404', titleKey: 'route.notFound' }),
            lazy: lazyComponent(() => import('../views/error/notFound/NotFoundPage')),
          },
          {
            path: '/',
            lazy: lazyComponent(() => import('../layouts/MainLayout')),
            children: [
              { index: true, element: <Navigate to="/home" replace /> },
              {
                path: 'home',
                handle: handle({ name: 'home', titleKey: 'route.home', affix: true }),
                lazy: lazyComponent(() => import('../views/home/HomePage')),
              },
              {
                path: 'profile',
                handle: handle({ name: 'profile', titleKey: 'route.profile' }),
                lazy: lazyComponent(() => import('../views/profile/ProfilePage')),
              },
              {
                path: 'messageRecord',
                handle: handle({ name: 'messageRecord', titleKey: 'route.messageRecord' }),
                lazy: lazyComponent(() => import('../views/messageRecord/MessageRecordPage')),
              },
              {
                path: 'previewModel',
                handle: handle({ name: 'previewModel', titleKey: 'route.previewModel', noCache: true }),
                lazy: lazyComponent(() => import('../views/dynamicModel/previewModel/PreviewModelPage')),
              },
              {
                path: 'externalLink',
                handle: handle({ name: 'externalLink', titleKey: 'route.externalLink' }),
                lazy: lazyComponent(() => import('../views/common/externalLink/ExternalLinkPage')),
              },
              ...(['emailDetail', 'workFlowDetail', 'workFlow/entrust'] as const).map((path) => {
                const name = path === 'workFlow/entrust' ? 'workFlowEntrust' : path;
                return {
                  path,
                  handle: handle({ name, titleKey: `route.${name}`, noCache: true }),
                  lazy: lazyComponent(() => import('../views/common/unavailable/FeatureUnavailablePage')),
                };
              }),
              {
                path: 'redirect/*',
                handle: handle({ name: 'redirect', titleKey: 'route.redirect', hidden: true, noCache: true }),
                lazy: lazyComponent(() => import('../views/common/redirect/RedirectPage')),
              },
              { path: '*', lazy: lazyComponent(() => import('./routes/DynamicRouteView')) },
            ],
          },
        ],
      },
    ],
    basePath ? { basename: basePath } : undefined,
  );
  bindNavigator(
    (to, options) => void router.navigate(to, options),
    () => router.state.location.pathname + router.state.location.search,
  );
  return router;
}
