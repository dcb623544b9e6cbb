// The product video gallery's click-to-play facades: each play link (to YouTube, for pages without scripts)
// becomes a button that replaces the thumbnail with the player, so nothing loads from YouTube before a click.
// With `autoplay_first` the first video starts muted at once.

export {}; // a module: its names stay its own

const PLAYER_HOSTS = new Set(['www.youtube-nocookie.com', 'www.youtube.com']);

for (const gallery of document.querySelectorAll<HTMLElement>('.product-videos')) {
  const facades = [...gallery.querySelectorAll<HTMLElement>('.video-facade[data-video-embed]')];
  for (const facade of facades) {
    const link = facade.querySelector<HTMLAnchorElement>('a.video-play');
    if (!link) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'video-play';
    button.setAttribute('aria-label', link.getAttribute('aria-label') ?? 'Play video');
    button.append(...link.childNodes);
    link.replaceWith(button);
    button.addEventListener('click', () => play(facade, { muted: false, focus: true }));
  }
  if (gallery.hasAttribute('data-autoplay-first') && facades[0])
    play(facades[0], { muted: true, focus: false });
}

/** Replaces a facade's thumbnail with the player, started (muted for autoplay without a click). */
function play(facade: HTMLElement, options: { muted: boolean; focus: boolean }): void {
  let url: URL;
  try {
    url = new URL(facade.dataset.videoEmbed ?? '');
  } catch {
    return;
  }
  if (url.protocol !== 'https:' || !PLAYER_HOSTS.has(url.hostname)) return;
  url.searchParams.set('autoplay', '1');
  if (options.muted) url.searchParams.set('mute', '1');
  const iframe = document.createElement('iframe');
  iframe.src = url.toString();
  iframe.title = facade.dataset.videoTitle ?? 'Video';
  iframe.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';
  iframe.allowFullscreen = true;
  // YouTube refuses to play in a frame whose page sends no referrer (its "Error 153").
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  facade.replaceChildren(iframe);
  if (options.focus) iframe.focus();
}
