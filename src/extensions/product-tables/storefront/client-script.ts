/**
 * The storefront script of product tables (no dependencies): debounced search, filters, pagination and
 * "load more" through the public render endpoint; add to cart (single and bulk) through the Store API.
 * Every string from the page or the server that it puts into the DOM goes through `textContent`.
 */
export const CLIENT_SCRIPT = String.raw`(function () {
  'use strict';
  var TOKEN_KEY = 'producttables_cart_token';

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function q(root, sel) { return root.querySelector(sel); }
  function qa(root, sel) { return root.querySelectorAll(sel); }
  function parseJson(text, fallback) { try { return JSON.parse(text); } catch (e) { return fallback; } }
  function toMinor(decimal, decimals) {
    var parts = String(decimal || '0').split('.');
    var frac = (parts[1] || '').slice(0, decimals);
    while (frac.length < decimals) frac += '0';
    return parseInt(parts[0] || '0', 10) * Math.pow(10, decimals) + (decimals ? parseInt(frac, 10) : 0);
  }
  function fromMinor(minor, decimals) {
    if (!decimals) return String(minor);
    var s = String(Math.abs(minor));
    while (s.length <= decimals) s = '0' + s;
    return (minor < 0 ? '-' : '') + s.slice(0, -decimals) + '.' + s.slice(-decimals);
  }
  function storageGet(store, key) { try { return window[store].getItem(key); } catch (e) { return null; } }
  function storageSet(store, key, value) {
    try { if (value === null) window[store].removeItem(key); else window[store].setItem(key, value); } catch (e) { /* private mode */ }
  }

  function Table(wrapper) {
    this.el = wrapper;
    this.id = wrapper.getAttribute('data-table-id');
    this.renderUrl = wrapper.getAttribute('data-render-url');
    this.storeApi = wrapper.getAttribute('data-store-api');
    this.nonce = wrapper.getAttribute('data-store-nonce') || '';
    this.pageUrl = wrapper.getAttribute('data-page-url') || window.location.pathname;
    this.features = parseJson(wrapper.getAttribute('data-features'), {});
    this.currency = parseJson(wrapper.getAttribute('data-currency'), { symbol: '', decimals: 2 });
    this.addText = wrapper.getAttribute('data-add-text') || 'Add to Cart';
    this.selectionKey = 'producttables_selections_' + this.id;
    this.selection = parseJson(storageGet('sessionStorage', this.selectionKey), {}) || {};
    this.timer = null;
    this.request = 0;
    var nav = q(wrapper, '.producttables-pagination');
    this.state = {
      s: (q(wrapper, '.producttables-search-input') || { value: '' }).value,
      product_cat: [],
      product_tag: (q(wrapper, '.producttables-filter-tag') || { value: '' }).value,
      product_type: (q(wrapper, '.producttables-filter-type') || { value: '' }).value,
      paged: nav ? parseInt(nav.getAttribute('data-current'), 10) || 1 : 1
    };
    var self = this;
    each(qa(wrapper, '.producttables-filter-cats input:checked'), function (box) { self.state.product_cat.push(box.value); });
    wrapper.classList.add('producttables-js');
    this.bind();
    decorateQuantities(wrapper);
    this.syncSelection();
    this.showBadges(parseJson((q(wrapper, '.producttables-cart-data') || { getAttribute: function () { return '[]'; } }).getAttribute('data-cart'), []));
  }

  // The ▲/▼ buttons of quantity fields are added here so the server's rows stay small.
  function decorateQuantities(root) {
    each(qa(root, '.producttables-qty'), function (span) {
      if (q(span, 'button')) return;
      var input = q(span, '.producttables-qty-input');
      [['producttables-qty-down', 'Decrease quantity', '\u25bc', 'afterbegin'], ['producttables-qty-up', 'Increase quantity', '\u25b2', 'beforeend']].forEach(function (spec) {
        var b = document.createElement('button');
        b.type = 'button'; b.className = spec[0]; b.setAttribute('aria-label', spec[1]); b.textContent = spec[2];
        b.disabled = input.disabled;
        span.insertAdjacentElement(spec[3], b);
      });
    });
  }

  Table.prototype.bind = function () {
    var self = this, el = this.el;
    var form = q(el, '.producttables-controls');
    if (form) form.addEventListener('submit', function (e) {
      e.preventDefault();
      clearTimeout(self.timer);
      var input = q(el, '.producttables-search-input');
      if (input) self.state.s = input.value;
      self.state.paged = 1; self.load(false);
    });
    el.addEventListener('input', function (e) {
      if (e.target.classList.contains('producttables-search-input')) {
        clearTimeout(self.timer);
        self.timer = setTimeout(function () { self.state.s = e.target.value; self.state.paged = 1; self.load(false); }, 400);
      }
    });
    el.addEventListener('change', function (e) {
      var t = e.target;
      if (t.name === 'product_cat') {
        self.state.product_cat = [];
        each(qa(el, '.producttables-filter-cats input:checked'), function (box) { self.state.product_cat.push(box.value); });
        self.updateCategorySummary();
        self.state.paged = 1; self.load(false);
      } else if (t.classList.contains('producttables-filter-type')) {
        self.state.product_type = t.value; self.state.paged = 1; self.load(false);
      } else if (t.classList.contains('producttables-attr')) {
        self.pickVariation(t.closest('.producttables-cart'));
      } else if (t.classList.contains('producttables-grouped-select')) {
        self.pickGrouped(t.closest('.producttables-cart'));
      } else if (t.classList.contains('producttables-select')) {
        self.toggle(t);
      } else if (t.classList.contains('producttables-select-all')) {
        each(qa(el, '.producttables-select:not(:disabled)'), function (box) { box.checked = t.checked; self.toggle(box); });
      }
    });
    el.addEventListener('click', function (e) {
      var t = e.target.closest('button, a');
      if (!t || !el.contains(t)) return;
      if (t.matches('.producttables-pagination a')) {
        e.preventDefault();
        self.state.paged = parseInt(t.getAttribute('data-page'), 10) || 1;
        self.load(t.classList.contains('producttables-load-more'));
      } else if (t.classList.contains('producttables-search-clear')) {
        var input = q(el, '.producttables-search-input'); input.value = '';
        self.state.s = ''; self.state.paged = 1; self.load(false);
      } else if (t.classList.contains('producttables-filter-clear')) {
        each(qa(el, '.producttables-filter-cats input'), function (box) { box.checked = false; });
        var type = q(el, '.producttables-filter-type'); if (type) type.value = '';
        var tag = q(el, '.producttables-filter-tag'); if (tag) tag.value = '';
        self.state.product_cat = []; self.state.product_tag = ''; self.state.product_type = ''; self.state.paged = 1;
        self.updateCategorySummary(); self.load(false);
      } else if (t.classList.contains('producttables-qty-up') || t.classList.contains('producttables-qty-down')) {
        var qty = q(t.parentNode, '.producttables-qty-input');
        var max = qty.max ? parseInt(qty.max, 10) : Infinity;
        var next = (parseInt(qty.value, 10) || 1) + (t.classList.contains('producttables-qty-up') ? 1 : -1);
        qty.value = String(Math.max(1, Math.min(max, next)));
      } else if (t.classList.contains('producttables-add')) {
        self.addFromCell(t.closest('.producttables-cart'));
      } else if (t.classList.contains('producttables-bulk-add') || t.classList.contains('producttables-panel-add')) {
        self.addSelection();
      } else if (t.classList.contains('producttables-selection-clear')) {
        self.clearSelection();
      } else if (t.classList.contains('producttables-panel-toggle')) {
        var panel = q(el, '.producttables-selected-panel');
        if (panel) { panel.hidden = !panel.hidden; t.setAttribute('aria-expanded', String(!panel.hidden)); }
      } else if (t.classList.contains('producttables-lightbox-open')) {
        var thumb = q(t, 'img'); if (thumb) self.openLightbox(thumb.getAttribute('src'));
      } else if (t.classList.contains('producttables-lightbox-close')) {
        q(el, '.producttables-lightbox').close();
      } else if (t.classList.contains('producttables-lightbox-full')) {
        var box = q(el, '.producttables-lightbox'); if (box.requestFullscreen) box.requestFullscreen();
      }
    });
  };

  Table.prototype.updateCategorySummary = function () {
    var summary = q(this.el, '.producttables-filter-cats summary');
    if (summary) summary.textContent = this.state.product_cat.length ? this.state.product_cat.length + ' selected' : 'All Categories';
  };

  Table.prototype.query = function () {
    var p = new URLSearchParams();
    if (this.state.s) p.set('s', this.state.s);
    if (this.state.product_cat.length) p.set('product_cat', this.state.product_cat.join(','));
    if (this.state.product_tag) p.set('product_tag', this.state.product_tag);
    if (this.state.product_type) p.set('product_type', this.state.product_type);
    if (this.state.paged > 1) p.set('paged', String(this.state.paged));
    return p;
  };

  Table.prototype.load = function (append) {
    var self = this, id = ++this.request;
    var params = this.query();
    params.set('page_url', this.pageUrl);
    this.el.classList.add('is-loading');
    fetch(this.renderUrl + '?' + params.toString(), { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        if (id !== self.request) return;
        if (!res.ok) throw new Error(res.body && res.body.message ? res.body.message : 'Could not load products.');
        var tbody = q(self.el, '.producttables-table tbody');
        if (append) tbody.insertAdjacentHTML('beforeend', res.body.html); else tbody.innerHTML = res.body.html;
        each(qa(self.el, '.producttables-pagination-slot'), function (slot) {
          if (slot.getAttribute('data-enabled') === '1') slot.innerHTML = res.body.pagination;
        });
        var visible = self.query();
        if (window.history && window.history.replaceState && !append)
          window.history.replaceState(null, '', window.location.pathname + (visible.toString() ? '?' + visible.toString() : ''));
        decorateQuantities(self.el);
        self.syncSelection();
        self.showBadges(self.lines || []);
        self.notice('');
      })
      .catch(function (err) { if (id === self.request) self.notice(err.message, true); })
      .then(function () { if (id === self.request) self.el.classList.remove('is-loading'); });
  };

  Table.prototype.pickVariation = function (cell) {
    var chosen = {}, complete = true;
    each(qa(cell, '.producttables-attr'), function (sel) {
      chosen[sel.getAttribute('data-attribute').toLowerCase()] = sel.value;
      if (!sel.value) complete = false;
    });
    var variations = parseJson(cell.getAttribute('data-product-variations'), []);
    var match = null;
    if (complete) {
      for (var i = 0; i < variations.length && !match; i++) {
        var ok = true, attrs = variations[i].attributes || {};
        for (var name in attrs) {
          var want = chosen[name.toLowerCase()];
          if (attrs[name] !== '' && want !== undefined && attrs[name] !== want) ok = false;
        }
        if (ok) match = variations[i];
      }
    }
    var usable = !!(match && match.in_stock);
    q(cell, '.producttables-variation-id').value = usable ? String(match.id) : '';
    q(cell, '.producttables-variation-price').textContent = match ? (match.in_stock ? match.price : 'Out of stock') : '';
    this.enableCell(cell, usable, usable ? match.max : null);
  };

  Table.prototype.pickGrouped = function (cell) {
    var select = q(cell, '.producttables-grouped-select');
    var option = select.options[select.selectedIndex];
    var price = option && option.getAttribute('data-price');
    q(cell, '.producttables-variation-price').textContent = price ? this.currency.symbol + price : '';
    this.enableCell(cell, select.value !== '', null);
  };

  Table.prototype.enableCell = function (cell, enabled, max) {
    each(qa(cell, '.producttables-qty button, .producttables-qty-input, .producttables-add'), function (c) { c.disabled = !enabled; });
    var qty = q(cell, '.producttables-qty-input');
    if (qty) { if (max) qty.max = String(max); else qty.removeAttribute('max'); }
  };

  Table.prototype.addFromCell = function (cell) {
    var qtyInput = q(cell, '.producttables-qty-input');
    var quantity = Math.max(1, parseInt(qtyInput ? qtyInput.value : '1', 10) || 1);
    var items = [];
    var grouped = q(cell, '.producttables-grouped-select');
    if (grouped) {
      if (grouped.value === 'all') each(grouped.options, function (o) { if (/^\d+$/.test(o.value)) items.push({ id: parseInt(o.value, 10), quantity: quantity }); });
      else if (grouped.value) items.push({ id: parseInt(grouped.value, 10), quantity: quantity });
    } else {
      var variation = q(cell, '.producttables-variation-id');
      var item = { id: parseInt(cell.getAttribute('data-product-id'), 10), quantity: quantity };
      if (variation) {
        if (!variation.value) return;
        item.id = parseInt(variation.value, 10);
        item.variation = [];
        each(qa(cell, '.producttables-attr'), function (sel) { item.variation.push({ attribute: sel.getAttribute('data-attribute'), value: sel.value }); });
      }
      items.push(item);
    }
    this.addItems(items, cell.getAttribute('data-product-id'));
  };

  Table.prototype.addItems = function (items, productId) {
    var self = this, added = 0, cart = null, error = null;
    var chain = Promise.resolve();
    items.forEach(function (item) {
      chain = chain.then(function () {
        return self.storeRequest('/cart/add-item', item).then(function (res) {
          if (res.ok) { added += item.quantity; cart = res.body; } else { error = (res.body && res.body.message) || 'Could not add to cart.'; }
        });
      });
    });
    return chain.then(function () {
      if (error) self.notice(error, true); else self.notice(added + ' item(s) added to your cart.');
      if (cart) {
        self.showBadges(cartLines(cart));
        document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: { tableId: self.id, productId: productId, cart: cart } }));
      }
      return !error;
    }).catch(function () { self.notice('Could not reach the cart. Please try again.', true); return false; });
  };

  Table.prototype.storeRequest = function (path, body) {
    var self = this;
    var headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    var token = storageGet('localStorage', TOKEN_KEY);
    // The nonce covers cookie-carried carts (logged-in visitors); the token covers guests after their first add.
    if (token) headers['Cart-Token'] = token;
    if (this.nonce) headers.Nonce = this.nonce;
    return fetch(this.storeApi + path, { method: 'POST', credentials: 'same-origin', headers: headers, body: JSON.stringify(body) })
      .then(function (r) {
        var fresh = r.headers.get('Cart-Token');
        if (fresh) storageSet('localStorage', TOKEN_KEY, fresh);
        else if (r.status === 401 && token) storageSet('localStorage', TOKEN_KEY, null);
        var nonce = r.headers.get('Nonce');
        if (nonce) self.nonce = nonce;
        return r.json().then(function (b) { return { ok: r.ok, body: b }; }, function () { return { ok: r.ok, body: null }; });
      });
  };

  // Store API lines carry the product or variation id as 'id'.
  function cartLines(cart) {
    return (cart.items || []).map(function (i) { return [String(i.id), { productId: i.id, variationId: 0, quantity: i.quantity }]; });
  }

  Table.prototype.showBadges = function (lines) {
    this.lines = lines;
    if (!this.features.variationBadges) return;
    var totals = {};
    lines.forEach(function (line) { var d = line[1], key = d.variationId || d.productId; totals[key] = (totals[key] || 0) + d.quantity; });
    each(qa(this.el, 'tbody tr[data-product-id]'), function (row) {
      var old = q(row, '.producttables-added'); if (old) old.remove();
      var n = totals[row.getAttribute('data-product-id')] || 0;
      var cell = q(row, '[data-product-variations]');
      if (cell) parseJson(cell.getAttribute('data-product-variations'), []).forEach(function (v) { n += totals[v.id] || 0; });
      var button = q(row, '.producttables-add');
      if (n && button) {
        var badge = document.createElement('span');
        badge.className = 'producttables-added';
        badge.textContent = '\u2713 ' + n + ' in cart';
        button.parentNode.appendChild(badge);
      }
    });
  };

  Table.prototype.toggle = function (box) {
    if (box.checked) {
      var row = box.closest('tr'), qty = row && q(row, '.producttables-qty-input');
      var nameEl = row && q(row, '.producttables-name'), img = row && q(row, 'img');
      this.selection[box.value] = { name: nameEl ? nameEl.textContent : box.value, price: box.getAttribute('data-price'), image: img ? img.getAttribute('src') : '', quantity: qty ? Math.max(1, parseInt(qty.value, 10) || 1) : 1 };
    } else delete this.selection[box.value];
    this.saveSelection();
  };

  Table.prototype.saveSelection = function () {
    storageSet('sessionStorage', this.selectionKey, Object.keys(this.selection).length ? JSON.stringify(this.selection) : null);
    this.syncSelection();
  };

  Table.prototype.clearSelection = function () {
    this.selection = {};
    each(qa(this.el, '.producttables-select, .producttables-select-all'), function (box) { box.checked = false; });
    this.saveSelection();
  };

  Table.prototype.syncSelection = function () {
    var self = this, ids = Object.keys(this.selection), count = 0, total = 0, dec = this.currency.decimals;
    each(qa(this.el, '.producttables-select'), function (box) { box.checked = !!self.selection[box.value]; });
    ids.forEach(function (id) { var it = self.selection[id]; count += it.quantity; total += toMinor(it.price, dec) * it.quantity; });
    var label = q(this.el, '.producttables-bulk-label');
    if (label) label.textContent = count ? 'Add ' + count + ' item(s) for ' + this.currency.symbol + fromMinor(total, dec) : this.addText;
    var bulk = q(this.el, '.producttables-bulk-add'); if (bulk) bulk.disabled = count === 0;
    var counter = q(this.el, '.producttables-selected-count'); if (counter) counter.textContent = String(ids.length);
    var clear = q(this.el, '.producttables-selection-clear'); if (clear) clear.hidden = ids.length === 0;
    var list = q(this.el, '.producttables-selected-list');
    if (!list) return;
    while (list.firstChild) list.removeChild(list.firstChild);
    ids.forEach(function (id) {
      var it = self.selection[id], li = document.createElement('li');
      if (it.image) { var img = document.createElement('img'); img.src = it.image; img.alt = ''; li.appendChild(img); }
      var name = document.createElement('span'); name.textContent = it.name; li.appendChild(name);
      var price = document.createElement('span'); price.textContent = it.quantity + ' \u00d7 ' + self.currency.symbol + it.price; li.appendChild(price);
      var remove = document.createElement('button'); remove.type = 'button'; remove.textContent = '\u00d7';
      remove.setAttribute('aria-label', 'Remove ' + it.name);
      remove.addEventListener('click', function () { delete self.selection[id]; self.saveSelection(); });
      li.appendChild(remove); list.appendChild(li);
    });
  };

  Table.prototype.addSelection = function () {
    var self = this;
    var items = Object.keys(this.selection).map(function (id) { return { id: parseInt(id, 10), quantity: self.selection[id].quantity }; });
    if (!items.length) return;
    this.addItems(items, null).then(function (ok) { if (ok) setTimeout(function () { self.clearSelection(); }, 2000); });
  };

  Table.prototype.openLightbox = function (src) {
    var box = q(this.el, '.producttables-lightbox');
    if (!box || !src) return;
    q(box, '.producttables-lightbox-img').src = src;
    if (box.showModal) box.showModal(); else box.setAttribute('open', '');
    box.addEventListener('click', function (e) { if (e.target === box) box.close(); }, { once: true });
  };

  Table.prototype.notice = function (text, isError) {
    var n = q(this.el, '.producttables-notice');
    if (!n) return;
    n.textContent = text;
    n.classList.toggle('is-error', !!isError);
  };

  function init() {
    each(document.querySelectorAll('.producttables-wrapper[data-render-url]'), function (w) {
      if (!w.__producttables) w.__producttables = new Table(w);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
`;
