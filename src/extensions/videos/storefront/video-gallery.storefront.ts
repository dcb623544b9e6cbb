import { html, jsonScript, type SafeHtml, safeUrl, trustedHtml } from '../../../platform/http/html.js';
import type { GalleryVideo, ProductGallery } from './storefront.service.js';
import type { VideosServices } from '../videos.services.js';

/** The island that turns each facade into its player on click (`storefront/islands/video-facade.ts`). */
const FACADE_ISLAND = 'video-facade';

/**
 * The product page's video gallery (slot `product.gallery`): the product's videos as the settings say, each a
 * click-to-play facade (thumbnail and a play link to YouTube, which the island turns into a button that loads
 * the player), and their VideoObject JSON-LD in the page head.
 */
export function registerVideoGallery({ ctx, storefront }: VideosServices): void {
  ctx.shop.addStorefrontPart('product.gallery', async ({ product }) => {
    const gallery = (await storefront.galleries([product])).get(product.id);
    if (!gallery || gallery.videos.length === 0) return null;
    return {
      body: galleryMarkup(gallery),
      head: html`<script type="application/ld+json">${jsonScript(gallery.json_ld)}</script>
${GALLERY_STYLE}`,
      scripts: [FACADE_ISLAND],
    };
  });
}

function galleryMarkup(gallery: ProductGallery): SafeHtml {
  return html`<section class="product-videos" data-position="${gallery.position}"${gallery.autoplay_first ? html` data-autoplay-first` : ''} aria-label="Product videos">
<ul>${gallery.videos.map((video) => html`<li>${facade(video, gallery.show_duration)}</li>`)}</ul>
</section>`;
}

function facade(video: GalleryVideo, showDuration: boolean): SafeHtml {
  const title = video.title || 'Product video';
  const duration = showDuration && video.duration_seconds > 0 ? clock(video.duration_seconds) : '';
  return html`<figure>
<div class="video-facade" data-video-embed="${video.embed_url}" data-video-title="${title}">
<a class="video-play" href="${safeUrl(video.watch_url)}" aria-label="Play ${title}" rel="noopener">
<img src="${safeUrl(video.thumbnail_url) || `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`}" alt="" loading="lazy" width="480" height="360">
${PLAY_ICON}
${duration ? html`<span class="video-duration">${duration}</span>` : ''}
</a>
</div>
<figcaption>${title}</figcaption>
</figure>`;
}

/** `m:ss` or `h:mm:ss`. */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const PLAY_ICON = html`<svg class="video-play-icon" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false"><path d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.3.3 34 .3 34 .3s-21.3 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 12.9.1 24 .1 24s0 11.1 1.4 16.3a8.5 8.5 0 0 0 6 6c5.2 1.4 26.5 1.4 26.5 1.4s21.3 0 26.5-1.4a8.5 8.5 0 0 0 6-6c1.4-5.2 1.4-16.3 1.4-16.3s0-11.1-1.4-16.3z" fill="#c4302b"/><path d="M27 34.3 44.8 24 27 13.7z" fill="#fff"/></svg>`;

// The gallery's few rules (the shop's stylesheet knows nothing of videos); `first` puts it above the images.
const GALLERY_STYLE =
  trustedHtml(`<style>.product-images:has(.product-videos){display:flex;flex-direction:column;gap:12px}
.product-videos[data-position=first]{order:-1}
.product-videos ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.product-videos figure{margin:0}
.product-videos figcaption{font-size:14px;color:#374151;margin-top:4px}
.video-facade{position:relative;aspect-ratio:16/9;background:#111;border-radius:4px;overflow:hidden}
.video-facade iframe{display:block;width:100%;height:100%;border:0}
.video-play{display:block;position:relative;width:100%;height:100%;padding:0;border:0;border-radius:0;background:#111;cursor:pointer}
.video-play img{display:block;width:100%;height:100%;object-fit:cover}
.video-play-icon{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);opacity:.9}
.video-play:hover .video-play-icon,.video-play:focus-visible .video-play-icon{opacity:1}
.video-duration{position:absolute;right:8px;bottom:8px;background:rgba(0,0,0,.8);color:#fff;font-size:13px;line-height:1.4;padding:1px 6px;border-radius:3px}</style>`);
