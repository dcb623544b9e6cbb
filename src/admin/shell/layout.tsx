import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { boot } from '../boot.js';
import type { VisibleMenu } from './menus.js';

// The menu entry of the current screen: the longest menu path that is the location or a folder of it (so
// `users/new` marks "Add New User", and the hidden `users/12` marks "Users").
function currentHref(location: string, menus: VisibleMenu[]): string {
  const hrefs = ['/', ...menus.flatMap((m) => m.screens.filter((s) => !s.hidden).map((s) => `/${s.path}`))];
  const matches = hrefs.filter((h) => h === location || (h !== '/' && location.startsWith(`${h}/`)));
  return matches.sort((a, b) => b.length - a.length)[0] ?? '';
}

function NavLink({ href, current, children }: { href: string; current: string; children: ReactNode }) {
  return (
    <Link href={href} aria-current={href === current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** The admin frame: skip link, top bar (site, user, Log Out), the left menu, and the screen. */
export function Layout({ menus, children }: { menus: VisibleMenu[]; children: ReactNode }) {
  const [location] = useLocation();
  const current = currentHref(location, menus);
  return (
    <>
      <a className="storeside-skip-link" href="#storeside-main">
        {__('Skip to main content', 'storeside')}
      </a>
      <header className="storeside-topbar">
        <a className="storeside-site" href="/">
          {boot.siteName}
        </a>
        <span className="storeside-user">
          {__('Howdy,', 'storeside')} <strong>{boot.user.name}</strong>
        </span>
        <a className="storeside-logout" href={boot.logoutUrl}>
          {__('Log Out', 'storeside')}
        </a>
      </header>
      <div className="storeside-frame">
        <nav className="storeside-menu" aria-label={__('Main menu', 'storeside')}>
          <ul>
            <li>
              <NavLink current={current} href="/">
                {__('Dashboard', 'storeside')}
              </NavLink>
            </li>
            {menus.map((menu) => (
              <li key={menu.label}>
                {menu.screens.length === 1 ? (
                  <NavLink current={current} href={`/${menu.screens[0]!.path}`}>
                    {menu.label}
                  </NavLink>
                ) : (
                  <>
                    <span className="storeside-menu-group">{menu.label}</span>
                    {/* Named after its group, so the several "Settings" links each say whose they are. */}
                    <ul aria-label={menu.label}>
                      {menu.screens
                        .filter((s) => !s.hidden)
                        .map((screen) => (
                          <li key={screen.path}>
                            <NavLink current={current} href={`/${screen.path}`}>
                              {screen.label}
                            </NavLink>
                          </li>
                        ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <main id="storeside-main" className="storeside-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </>
  );
}
