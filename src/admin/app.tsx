import { QueryClientProvider } from '@tanstack/react-query';
import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { createAdminQueryClient } from './components/api-query.js';
import { NoticesProvider } from './components/notices.js';
import { ScreenHeader } from './components/screen-header.js';
import Dashboard from './screens/dashboard.js';
import { Layout } from './shell/layout.js';
import { type VisibleScreen, visibleMenus } from './shell/menus.js';

const lazyScreens = new Map<string, ComponentType>();
function screenComponent(screen: VisibleScreen): ComponentType {
  let component = lazyScreens.get(screen.path);
  if (!component) {
    component = lazy(screen.load);
    lazyScreens.set(screen.path, component);
  }
  return component;
}

function NotFound() {
  return (
    <>
      <ScreenHeader title={__('Page not found', 'storeside')} />
      <p>{__('This admin page does not exist, or you may not open it.', 'storeside')}</p>
    </>
  );
}

// Each screen starts without the previous screen's notices (filters changing the query keep them).
function ScreenNotices({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <NoticesProvider key={location}>{children}</NoticesProvider>;
}

const queryClient = createAdminQueryClient();

/** The admin app: the query cache, the frame, and the screen the URL names (loaded on first visit). */
export function App() {
  const menus = visibleMenus();
  const screens = menus.flatMap((menu) => menu.screens);
  return (
    <QueryClientProvider client={queryClient}>
      <Router base="/wp-admin">
        <Layout menus={menus}>
          <ScreenNotices>
            <Suspense fallback={<Spinner />}>
              <Switch>
                <Route path="/">
                  <Dashboard />
                </Route>
                {screens.map((screen) => (
                  <Route key={screen.path} path={`/${screen.path}`} component={screenComponent(screen)} />
                ))}
                <Route>
                  <NotFound />
                </Route>
              </Switch>
            </Suspense>
          </ScreenNotices>
        </Layout>
      </Router>
    </QueryClientProvider>
  );
}
