/** The shared storefront stylesheet of every table (layout, stacked mobile cards, visibility classes). */
export const BASE_STYLESHEET = `
.producttables-wrapper{--pt-gap:8px;margin:1.5em 0;font-size:15px;line-height:1.4;box-sizing:border-box}
.producttables-wrapper *{box-sizing:border-box}
.producttables-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.producttables-controls{display:flex;flex-wrap:wrap;gap:var(--pt-gap);align-items:center;justify-content:space-between;margin-bottom:var(--pt-gap)}
.producttables-filters,.producttables-toolbar{display:flex;flex-wrap:wrap;gap:var(--pt-gap);align-items:center}
.producttables-filters-heading{font-weight:600}
.producttables-filter-cats{position:relative}
.producttables-filter-cats summary{cursor:pointer;padding:6px 10px;border:1px solid #ccd0d4;border-radius:4px;background:#fff;list-style:none}
.producttables-filter-options{position:absolute;z-index:10;background:#fff;border:1px solid #ccd0d4;border-radius:4px;padding:8px;min-width:200px;max-height:260px;overflow:auto;display:flex;flex-direction:column;gap:4px}
.producttables-filter-type,.producttables-search-input{padding:6px 10px;border:1px solid #ccd0d4;border-radius:4px;background:#fff}
.producttables-js .producttables-filter-apply{display:none}
.producttables-search{position:relative;display:flex;align-items:center}
.producttables-search-input{min-width:220px;padding-right:28px}
.producttables-search-clear{position:absolute;right:4px;border:0;background:none;cursor:pointer;font-size:18px;line-height:1}
.producttables-btn{display:inline-flex;align-items:center;gap:6px;padding:8px 14px;border:0;cursor:pointer;text-decoration:none;font:inherit;white-space:nowrap}
.producttables-btn:disabled{opacity:.55;cursor:not-allowed}
.producttables-table-scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
.producttables-table{width:100%;border-collapse:collapse;margin:0}
.producttables-table th{text-align:left;vertical-align:middle}
.producttables-table td{vertical-align:middle}
.producttables-table td img{display:block;max-width:100%;height:auto;object-fit:cover}
.producttables-lightbox-open{padding:0;border:0;background:none;cursor:zoom-in}
.producttables-child-count{display:block;font-size:.85em}
.producttables-stock-out{color:#b32d2e}.producttables-stock-backorder{color:#b26200}.producttables-stock-in{color:#007017}
.producttables-stars{position:relative;display:inline-block;white-space:nowrap;color:#d1d5db;line-height:0}
.producttables-stars svg{fill:currentColor}
.producttables-stars-fill{position:absolute;top:0;left:0;overflow:hidden;color:#f0b400;white-space:nowrap}
.producttables-cart{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.producttables-qty{display:inline-flex;align-items:center;border:1px solid #ccd0d4;border-radius:4px}
.producttables-qty button{border:0;background:none;color:inherit;cursor:pointer;padding:4px 6px;font-size:10px}
.producttables-qty-input{width:3.5em;border:0;text-align:center;padding:4px 0;-moz-appearance:textfield}
.producttables-qty-input::-webkit-inner-spin-button,.producttables-qty-input::-webkit-outer-spin-button{-webkit-appearance:none;margin:0}
.producttables-attr,.producttables-grouped-select{padding:5px 8px;border:1px solid #ccd0d4;border-radius:4px;max-width:180px}
.producttables-added{font-size:.85em;color:#007017;margin-left:4px}
.producttables-notice{min-height:0;margin:4px 0}
.producttables-notice.is-error{color:#b32d2e}
.producttables-selected-panel{border:1px solid #ccd0d4;border-radius:4px;padding:10px;margin-bottom:var(--pt-gap);background:#fff}
.producttables-selected-list{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-direction:column;gap:6px}
.producttables-selected-list li{display:flex;gap:8px;align-items:center}
.producttables-selected-list img{width:32px;height:32px;object-fit:cover}
.producttables-pagination{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:var(--pt-gap) 0}
.producttables-pagination a,.producttables-pagination span{padding:4px 10px;border:1px solid #ccd0d4;border-radius:4px;text-decoration:none}
.producttables-pagination .current{font-weight:700;background:#f0f0f1}
.producttables-pagination .producttables-page-gap{border:0}
.producttables-wrapper.is-loading .producttables-table{opacity:.5;transition:opacity .2s}
.producttables-lightbox{border:0;padding:0;max-width:90vw;max-height:90vh;background:#fff}
.producttables-lightbox::backdrop{background:rgba(0,0,0,.75)}
.producttables-lightbox-bar{display:flex;justify-content:flex-end;gap:4px;padding:4px}
.producttables-lightbox-bar button{border:0;background:none;font-size:20px;cursor:pointer}
.producttables-lightbox-img{display:block;max-width:90vw;max-height:80vh}
.producttables-vis-none{display:none}
@media (max-width:767px){
.producttables-vis-desktop,.producttables-vis-tablet,.producttables-vis-not-mobile,.producttables-vis-min-tablet{display:none!important}
.producttables-wrapper[data-responsive="stack"] .producttables-table{min-width:0!important}
.producttables-wrapper[data-responsive="stack"] .producttables-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.producttables-wrapper[data-responsive="stack"] .producttables-table tr{display:block;border-bottom:2px solid #e5e7eb;padding:6px 0}
.producttables-wrapper[data-responsive="stack"] .producttables-table td{display:flex;gap:12px;justify-content:space-between;align-items:center;width:auto!important;border:0!important}
.producttables-wrapper[data-responsive="stack"] .producttables-table td[data-label]:not([data-label=""])::before{content:attr(data-label);font-weight:600;flex:0 0 40%}
}
@media (min-width:768px) and (max-width:1023px){
.producttables-vis-desktop,.producttables-vis-mobile,.producttables-vis-not-tablet{display:none!important}
}
@media (min-width:1024px){
.producttables-vis-tablet,.producttables-vis-mobile,.producttables-vis-not-desktop{display:none!important}
}
`.trim();
