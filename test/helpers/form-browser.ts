import type { TestApp } from './test-app.js';

/** A cookie the server sets (as `app.inject` reports it). */
interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  expires?: Date;
}

/**
 * A browser without JavaScript against the app: it GETs pages and POSTs forms (url-encoded), keeps the cookies it
 * is given (dropping cleared ones), from one client address. Start it with cookies (`{ storeside_cart: token }`)
 * or a `Cookie` header (`a=1; b=2`) to be someone already.
 */
export function formBrowser(
  t: TestApp,
  options: { cookies?: Record<string, string> | string; remoteAddress?: string } = {},
) {
  const jar = new Map<string, string>();
  const initial = options.cookies ?? {};
  if (typeof initial === 'string') {
    for (const pair of initial.split('; ').filter(Boolean)) {
      const [name, ...value] = pair.split('=');
      jar.set(name!, value.join('='));
    }
  } else for (const [name, value] of Object.entries(initial)) jar.set(name, value);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (r: { cookies: SetCookie[] }) => {
    for (const c of r.cookies) {
      const gone =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (gone) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  };
  const remoteAddress = options.remoteAddress ?? '10.0.0.1';
  return {
    jar,
    cookie,
    async get(url: string, from = remoteAddress) {
      const r = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookie() },
        remoteAddress: from,
      });
      remember(r);
      return r;
    },
    async post(url: string, fields: Record<string, string>) {
      const r = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
        remoteAddress,
      });
      remember(r);
      return r;
    },
  };
}
