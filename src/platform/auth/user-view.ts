import { createHash } from 'node:crypto';
import { toIsoNoZone } from '../db/sql-helpers.js';
import type { AuthUser } from './principal.js';

type UserView = ReturnType<typeof buildView>;
// Views of principals the auth layer keeps for a moment (same user and capability objects): built once.
const views = new WeakMap<AuthUser, { capabilities: ReadonlySet<string>; view: UserView }>();

/** The WordPress `/wp/v2/users` edit-context shape of a user. */
export function userView(
  user: AuthUser,
  capabilities: ReadonlySet<string>,
  extra: readonly string[] = [],
): UserView {
  if (extra.length > 0) return buildView(user, capabilities, extra);
  const known = views.get(user);
  if (known?.capabilities === capabilities) return known.view;
  const view = buildView(user, capabilities, extra);
  views.set(user, { capabilities, view });
  return view;
}

function buildView(user: AuthUser, capabilities: ReadonlySet<string>, extra: readonly string[]) {
  return {
    id: user.id,
    username: user.username,
    name: user.display_name,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    slug: user.username.toLowerCase().replace(/[^a-z0-9-]+/g, '-'),
    roles: [user.role],
    registered_date: `${toIsoNoZone(user.created_at)}+00:00`,
    capabilities: Object.fromEntries([...capabilities].sort().map((c) => [c, true])),
    extra_capabilities: Object.fromEntries([user.role, ...extra].map((c) => [c, true])),
  };
}

type PublicView = ReturnType<typeof buildPublicView>;
const publicViews = new WeakMap<AuthUser, { publicUrl: string; view: PublicView }>();

/** The WordPress view-context shape of a user (what `/wp/v2/users/me` answers without `context=edit`). */
export function userPublicView(user: AuthUser, publicUrl: string): PublicView {
  const known = publicViews.get(user);
  if (known?.publicUrl === publicUrl) return known.view;
  const view = buildPublicView(user, publicUrl);
  publicViews.set(user, { publicUrl, view });
  return view;
}

function buildPublicView(user: AuthUser, publicUrl: string) {
  const slug = user.username.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  const hash = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
  return {
    id: user.id,
    name: user.display_name,
    url: '',
    description: '',
    link: `${publicUrl}/author/${slug}/`,
    slug,
    avatar_urls: Object.fromEntries(
      [24, 48, 96].map((size) => [
        String(size),
        `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`,
      ]),
    ),
    meta: [] as never[],
  };
}
