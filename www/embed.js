// shardlab's embed script. A page that loads it gets, for each
//   <shardlab-widget name="ring/grow" state="v=1&…" theme="auto|light|dark" height="480">
//     fallback: the widget's picture and a link to it
//   </shardlab-widget>
// (or the older `<div data-shardlab="ring/grow" data-state data-theme data-height>` form), a live
// iframe of that widget's chrome-less embed route once the element nears the viewport, sized to
// its content. The fallback children stay in the page: they show before the frame, without
// script, in print, and again if the frame is unloaded. `name="ring"` is the whole view. An
// unknown name gets a note in the element's place. Plain iframes of an embed route
// (`…/ring.html#/embed/ring/grow?…`) are sized too.
//
// Lazy and bounded: a frame is made only when its element comes within NEAR of the viewport, or
// on a click where the author asks (`loading="click"`, `data-load="click"`). At most MAX_LIVE
// frames run at once (each is a WebAssembly instance); past that, the frame seen longest ago
// goes back to its picture, keeping the state its reader left it in. A frame starts unseen, laid
// over the picture, and takes the picture's place when its app says it is ready: on a slow phone
// the reader keeps a picture for the seconds the wasm takes, not an empty box, and a frame that
// never starts leaves the picture and its link.
//
// The host API: each element fires `shardlab-ready`, `shardlab-change` ({state, summary}) and
// `shardlab-error` ({message}) events, and has `set(state)` and `setTheme(theme)`. The theme
// `auto` (the default) follows the host page's background and `color-scheme`, not the system.
//
// The frame's address is built from this script's own URL, so the embed works wherever the site is
// hosted. A message is read only from one of our frames (its window and our origin). Nothing is
// kept in a global name: elements are marked with a Symbol, each copy of the script keeps its
// frames in its own closure, and the first copy defines the element.
(function () {
  'use strict';

  // BEGIN catalogue: generated from src/catalogue.rs; rewrite it with
  // `SHARDLAB_BLESS=1 cargo test -p shardlab-app --lib catalogue`.
  var PAGES = { "decoder": "decoder.html", "ring": "ring.html", "board": "board.html", "ring/vnodes": "compare.html", "ring/compare": "compare.html", "ring/metrics": "compare.html" };
  var TITLES = {
    "decoder": "Decoder",
    "ring": "Ring",
    "board": "Board",
    "decoder/paste": "Paste an ID",
    "decoder/detect": "Whose ID is this?",
    "decoder/compose": "Compose an ID",
    "decoder/layout": "Edit the layout",
    "decoder/config": "Config table and split",
    "decoder/generate": "Generate IDs",
    "decoder/batch": "A pile of IDs",
    "decoder/lab": "When generators fail",
    "decoder/pitfalls": "Pitfalls",
    "decoder/code": "The arithmetic as code",
    "ring/grow": "Grow the ring",
    "ring/mod-vs-ring": "mod N against the ring",
    "ring/vnodes": "Vnodes and balance",
    "ring/lookup": "The lookup walk",
    "ring/replicas": "Replicas",
    "ring/compare": "Compare schemes",
    "ring/metrics": "Every scheme, measured",
    "ring/maglev": "Maglev's table",
    "ring/hot-keys": "When one key is hot",
    "ring/probes": "k probes per key",
    "ring/bounded": "Bounded loads",
    "board/solve": "Solve a design",
    "board/break": "Break it",
    "board/spread": "Seeds and spread",
    "board/capacity": "Capacity",
    "board/shard-load": "Load per shard",
    "board/failover": "Failover and replicas",
    "board/reshard": "A live reshard",
    "board/scrub": "Where it hurts"
  };
  // END catalogue
  var MIN_HEIGHT = 120;
  var MAX_HEIGHT = 20000;
  // How many live frames one page runs at once. About 100 at once ran out of WebAssembly memory;
  // a reader looks at one or two.
  var MAX_LIVE = 8;
  // How near the viewport an embed is when its frame starts loading.
  var NEAR = '600px 0px';
  var TAG = 'shardlab-widget';
  var LIVE = 'data-shardlab-live';
  var STARTING = 'data-shardlab-starting';
  var FRAME_CLASS = 'shardlab-frame';
  var LOAD_CLASS = 'shardlab-load';
  var CLAIMED = typeof Symbol === 'function' ? Symbol.for('shardlab.embed.claimed') : ' shardlab claimed';

  // Which script is ours says where the site is. `currentScript` is null when the script runs
  // inside a shadow root (or as a module); then the `<script data-shardlab-embed>` in the document
  // or in an open shadow root names it. A guess by file name could pick another vendor's
  // embed.js, whose origin would be framed and whose messages trusted, so without the attribute
  // the script gives up.
  var script = document.currentScript;
  if (!script || !script.src) script = findMarkedScript();
  if (!script || !script.src) {
    if (window.console) {
      console.warn('shardlab embed.js: cannot tell which script is mine; add data-shardlab-embed to its <script> tag.');
    }
    return;
  }
  var base = new URL('.', script.src);
  var origin = base.origin;
  var embeds = [];
  var clock = 0;

  function findMarkedScript() {
    var selector = 'script[data-shardlab-embed][src]';
    var found = document.querySelector(selector);
    if (found) return found;
    var walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT);
    for (var node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.shadowRoot) {
        found = node.shadowRoot.querySelector(selector);
        if (found) return found;
      }
    }
    return null;
  }

  function clampHeight(height) {
    return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)));
  }

  // The live frame hides the fallback children on screen; in print the picture shows again. A
  // frame still starting lies over the picture, unseen and untouchable.
  var CSS = TAG + '{display:block}' +
    '[' + STARTING + ']{position:relative}' +
    '[' + STARTING + ']>.' + FRAME_CLASS + '{position:absolute;top:0;left:0;opacity:0;pointer-events:none}' +
    '@media not print{[' + LIVE + ']>:not(.' + FRAME_CLASS + '){display:none!important}}' +
    '@media print{.' + FRAME_CLASS + ',.' + LOAD_CLASS + '{display:none!important}}' +
    '.' + LOAD_CLASS + '{display:block;margin:8px 0;min-height:44px;padding:8px 16px;font:inherit;cursor:pointer}';
  // The rules go in a constructed sheet adopted by the document (or shadow root) where one is
  // supported: hosts that rewrite <head> on their own navigation (MkDocs Material's
  // navigation.instant) remove a <style> they did not write, and then the picture would show
  // under the live frame. Elsewhere, a <style> element.
  var styled = typeof WeakSet === 'function' ? new WeakSet() : null;
  function style(el) {
    var root = el.getRootNode ? el.getRootNode() : document;
    if (!styled || styled.has(root)) return;
    styled.add(root);
    if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in root) {
      try {
        var adopted = new CSSStyleSheet();
        adopted.replaceSync(CSS);
        root.adoptedStyleSheets = root.adoptedStyleSheets.concat([adopted]);
        return;
      } catch (e) {
        // An engine without constructable sheets: the element below.
      }
    }
    var target = root === document ? document.head || document.documentElement : root;
    var sheet = document.createElement('style');
    sheet.setAttribute('data-shardlab-embed-style', '');
    sheet.textContent = CSS;
    target.appendChild(sheet);
  }

  // The element's settings, from `name`, `state`, … on <shardlab-widget>, `data-shardlab`,
  // `data-state`, … on a div.
  function read(el, key) {
    var custom = el.localName === TAG;
    if (key === 'name') return el.getAttribute(custom ? 'name' : 'data-shardlab') || '';
    if (key === 'loading' && !custom) return el.getAttribute('data-load');
    return el.getAttribute(custom ? key : 'data-' + key);
  }

  // In the element's place, where the author will see it: what was asked, and where the names are.
  function note(el, name) {
    var list = new URL('widgets.json', base).href;
    el.textContent = 'shardlab: no view or widget is named "' + name.slice(0, 80) + '". Use ' +
      Object.keys(PAGES).filter(function (key) { return key.indexOf('/') < 0; }).join(', ') +
      ', or <view>/<widget> with a widget listed in ';
    var link = document.createElement('a');
    link.href = list;
    link.textContent = list;
    el.appendChild(link);
    el.appendChild(document.createTextNode('.'));
    el.setAttribute('role', 'note');
    el.style.display = 'block';
    el.style.border = '1px solid';
    el.style.padding = '8px 12px';
  }

  function known(name) {
    return Object.prototype.hasOwnProperty.call(TITLES, name);
  }

  function cleanState(state) {
    return String(state || '').replace(/^[?#]+/, '');
  }

  // `…/ring.html#/w/ring/grow?…`: the widget in shardlab, for the fallback link.
  function pageAddress(name, state, route) {
    var page = PAGES[name] || PAGES[name.split('/')[0]];
    var path = name.indexOf('/') < 0 ? name : 'w/' + name;
    return new URL(page, base).href + '#/' + (route || path) + (state ? '?' + state : '');
  }

  // `data-heights="390:720,680:512"`: the height for the narrowest listed width the element fits
  // in, else the widest's; else `height`; else 600.
  function openingHeight(el, width) {
    var listed = String(read(el, 'heights') || '').split(',').map(function (pair) {
      var parts = pair.split(':');
      return [Number(parts[0]), Number(parts[1])];
    }).filter(function (p) { return p[0] > 0 && p[1] > 0; }).sort(function (a, b) { return a[0] - b[0]; });
    for (var i = 0; i < listed.length; i++) {
      if (width <= listed[i][0]) return clampHeight(listed[i][1]);
    }
    if (listed.length) return clampHeight(listed[listed.length - 1][1]);
    var given = Number(read(el, 'height'));
    return clampHeight(given > 0 ? given : 600);
  }

  // The host page's theme where the element sits: the first opaque background up its ancestors,
  // else the document's `color-scheme`. `auto` follows this, never the reader's system alone.
  function hostTheme(el) {
    for (var node = el; node && node.nodeType === 1; node = node.parentElement || (node.getRootNode && node.getRootNode().host)) {
      var rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?/.exec(getComputedStyle(node).backgroundColor || '');
      if (!rgb) continue;
      var alpha = rgb[4] === undefined ? 1 : parseFloat(rgb[4]) / (/%$/.test(rgb[4]) ? 100 : 1);
      if (alpha < 0.5) continue;
      var luma = (0.2126 * rgb[1] + 0.7152 * rgb[2] + 0.0722 * rgb[3]) / 255;
      return luma < 0.5 ? 'dark' : 'light';
    }
    var scheme = getComputedStyle(document.documentElement).colorScheme || '';
    var dark = /\bdark\b/.test(scheme);
    var light = /\blight\b/.test(scheme);
    if (dark && !light) return 'dark';
    if (dark && light && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches) return 'dark';
    return 'light';
  }

  function themeOf(embed) {
    var asked = embed.theme || read(embed.el, 'theme');
    return asked === 'light' || asked === 'dark' ? asked : hostTheme(embed.el);
  }

  function emit(embed, type, detail) {
    var event;
    try {
      event = new CustomEvent(type, { bubbles: true, composed: true, detail: detail });
    } catch (e) {
      return;
    }
    embed.el.dispatchEvent(event);
  }

  function post(embed, message) {
    if (embed.frame && embed.frame.contentWindow) embed.frame.contentWindow.postMessage(message, origin);
  }

  // Frame → host: heights, readiness, changes and errors, from our frames only.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    for (var i = 0; i < embeds.length; i++) {
      var embed = embeds[i];
      if (!embed.frame || embed.frame.contentWindow !== event.source || event.origin !== origin) continue;
      if (data.type === 'shardlab:height') {
        var height = Number(data.height);
        if (!isFinite(height)) return;
        var clamped = clampHeight(height);
        embed.frame.style.height = clamped + 'px';
        embed.frame.setAttribute('height', String(clamped));
      } else if (data.type === 'shardlab:ready') {
        embed.ready = true;
        show(embed);
        if (embed.el !== embed.frame) {
          embed.sentTheme = themeOf(embed);
          post(embed, { type: 'shardlab:theme', theme: embed.sentTheme });
        }
        if (embed.pending !== null) {
          post(embed, { type: 'shardlab:set', state: embed.pending });
          embed.pending = null;
        }
        emit(embed, 'shardlab-ready', { state: String(data.state || '') });
      } else if (data.type === 'shardlab:change') {
        embed.state = String(data.state || '');
        emit(embed, 'shardlab-change', { state: embed.state, summary: data.summary });
      } else if (data.type === 'shardlab:error') {
        emit(embed, 'shardlab-error', { message: String(data.message || '') });
      }
      return;
    }
  });

  // The host's theme changes (a toggle on <html> or <body>, or the system's where the host
  // follows it): each `auto` frame hears of it.
  function rethemeAll() {
    for (var i = 0; i < embeds.length; i++) {
      var embed = embeds[i];
      if (!embed.ready || embed.el === embed.frame) continue;
      var theme = themeOf(embed);
      if (theme !== embed.sentTheme) {
        embed.sentTheme = theme;
        post(embed, { type: 'shardlab:theme', theme: theme });
      }
    }
  }

  var near = typeof IntersectionObserver === 'function' ? new IntersectionObserver(function (entries) {
    for (var i = 0; i < entries.length; i++) {
      var embed = embedOf(entries[i].target);
      if (!embed) continue;
      embed.near = entries[i].isIntersecting;
      embed.seen = ++clock;
      if (embed.near && !embed.frame && !embed.byClick) goLive(embed);
    }
  }, { rootMargin: NEAR }) : null;

  function embedOf(el) {
    for (var i = 0; i < embeds.length; i++) if (embeds[i].el === el) return embeds[i];
    return null;
  }

  function liveCount() {
    var n = 0;
    for (var i = 0; i < embeds.length; i++) if (embeds[i].frame && embeds[i].el !== embeds[i].frame) n++;
    return n;
  }

  // Past the bound, the live frame out of sight longest goes back to its picture; if every live
  // one is in sight, this one waits for a click instead.
  function makeRoom(embed) {
    if (liveCount() < MAX_LIVE) return true;
    var victim = null;
    for (var i = 0; i < embeds.length; i++) {
      var other = embeds[i];
      if (other === embed || !other.frame || other.el === other.frame || other.near) continue;
      if (!victim || other.seen < victim.seen) victim = other;
    }
    if (!victim) return false;
    unload(victim);
    return true;
  }

  function unload(embed) {
    if (embed.frame) embed.frame.remove();
    embed.frame = null;
    embed.ready = false;
    embed.el.removeAttribute(LIVE);
    embed.el.removeAttribute(STARTING);
  }

  // The ready frame takes the picture's place (and the keyboard focus, if the reader asked for it).
  function show(embed) {
    if (embed.el === embed.frame || !embed.el.hasAttribute(STARTING)) return;
    embed.el.removeAttribute(STARTING);
    embed.frame.removeAttribute('tabindex');
    embed.el.setAttribute(LIVE, '');
    if (embed.focus) {
      embed.focus = false;
      embed.frame.focus();
    }
  }

  function loadButton(embed) {
    if (embed.button) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = LOAD_CLASS;
    button.textContent = 'Load the live widget: ' + TITLES[embed.name];
    button.addEventListener('click', function () {
      embed.byClick = false;
      if (makeRoom(embed)) goLive(embed, true);
    });
    embed.button = button;
    embed.el.appendChild(button);
  }

  function goLive(embed, focus) {
    if (embed.frame) return;
    if (!makeRoom(embed)) {
      loadButton(embed);
      return;
    }
    var query = embed.state;
    query += (query ? '&' : '') + 'theme=' + themeOf(embed);
    var frame = document.createElement('iframe');
    frame.src = pageAddress(embed.name, query, 'embed/' + embed.name);
    frame.title = read(embed.el, 'title') || 'shardlab: ' + TITLES[embed.name] + ' (interactive)';
    frame.className = FRAME_CLASS;
    var height = String(openingHeight(embed.el, embed.el.getBoundingClientRect().width));
    frame.setAttribute('height', height);
    frame.style.height = height + 'px';
    shape(frame);
    // Out of the tab order until it shows: a keyboard reader should not land in an unseen frame.
    frame.setAttribute('tabindex', '-1');
    embed.frame = frame;
    embed.focus = !!focus;
    embed.el.setAttribute(STARTING, '');
    embed.el.appendChild(frame);
  }

  function shape(frame) {
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.overflow = 'hidden';
    frame.setAttribute('scrolling', 'no');
  }

  function claim(el) {
    if (el[CLAIMED]) return;
    el[CLAIMED] = true;
    var name = read(el, 'name');
    if (!known(name)) {
      note(el, name);
      return;
    }
    style(el);
    var embed = {
      el: el, name: name, frame: null, ready: false, near: false, seen: 0, button: null, focus: false,
      state: cleanState(read(el, 'state')), theme: null, pending: null, sentTheme: null,
      byClick: read(el, 'loading') === 'click'
    };
    // An element with nothing to show before its frame gets a link, for print and no frame.
    if (!el.firstElementChild) {
      var link = document.createElement('a');
      link.href = pageAddress(name, embed.state);
      link.textContent = TITLES[name] + ': open it in shardlab';
      el.appendChild(link);
    }
    embeds.push(embed);
    if (embed.byClick) loadButton(embed);
    if (near) near.observe(el);
    else if (!embed.byClick) goLive(embed);
  }

  function release(el) {
    var embed = embedOf(el);
    if (!embed) return;
    if (near) near.unobserve(el);
    unload(embed);
    embeds.splice(embeds.indexOf(embed), 1);
    el[CLAIMED] = false;
  }

  // A plain iframe of one of our embed routes: sized by its messages, at the height for its
  // width when it lists `data-heights`.
  function adopt(frame) {
    if (frame[CLAIMED] || frame.classList.contains(FRAME_CLASS)) return;
    var url;
    try {
      url = new URL(frame.src, document.baseURI);
    } catch (e) {
      return;
    }
    if (url.origin !== origin || url.hash.indexOf('#/embed/') !== 0) return;
    frame[CLAIMED] = true;
    shape(frame);
    if (frame.hasAttribute('data-heights')) {
      var height = String(openingHeight(frame, frame.getBoundingClientRect().width));
      frame.setAttribute('height', height);
      frame.style.height = height + 'px';
    }
    embeds.push({ el: frame, frame: frame, name: '', ready: false, pending: null });
  }

  function scan(root) {
    if (root.nodeType !== 1 && root.nodeType !== 9 && root.nodeType !== 11) return;
    if (root.matches && root.matches('div[data-shardlab]')) claim(root);
    if (root.localName === 'iframe') adopt(root);
    var divs = root.querySelectorAll('div[data-shardlab]');
    for (var i = 0; i < divs.length; i++) claim(divs[i]);
    var frames = root.querySelectorAll('iframe');
    for (var j = 0; j < frames.length; j++) adopt(frames[j]);
  }

  // The host API of <shardlab-widget>.
  function api(el) {
    return {
      set: function (state) {
        var embed = embedOf(el);
        var query = cleanState(state);
        if (!embed) return;
        if (embed.ready) post(embed, { type: 'shardlab:set', state: query });
        else if (embed.frame) embed.pending = query;
        else embed.state = query;
      },
      setTheme: function (theme) {
        var embed = embedOf(el);
        if (!embed || (theme !== 'light' && theme !== 'dark' && theme !== 'auto')) return;
        embed.theme = theme;
        embed.sentTheme = themeOf(embed);
        if (embed.ready) post(embed, { type: 'shardlab:theme', theme: embed.sentTheme });
      },
      state: function () {
        var embed = embedOf(el);
        return embed ? embed.state : cleanState(read(el, 'state'));
      }
    };
  }

  function defineElement() {
    if (!window.customElements || customElements.get(TAG)) return;
    customElements.define(TAG, class extends HTMLElement {
      static get observedAttributes() { return ['state', 'theme']; }
      connectedCallback() { claim(this); }
      disconnectedCallback() { release(this); }
      attributeChangedCallback(key, was, now) {
        if (was === now || !embedOf(this)) return;
        if (key === 'state') api(this).set(now);
        else api(this).setTheme(now || 'auto');
      }
      set(state) { api(this).set(state); }
      setTheme(theme) { api(this).setTheme(theme); }
      get state() { return api(this).state(); }
      // React 19 sets a custom element's props as properties where the element has one (JSX
      // `state="…"` becomes `el.state = …`); a getter alone would make that throw and take the
      // host's page down with it. The property reflects to the attribute.
      set state(value) {
        if (value === null || value === undefined) this.removeAttribute('state');
        else this.setAttribute('state', String(value));
      }
    });
  }

  function start() {
    scan(document);
    // Elements added later (a single-page host's navigation): divs and plain iframes here;
    // <shardlab-widget> comes through its own connectedCallback.
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var added = records[i].addedNodes;
        for (var j = 0; j < added.length; j++) scan(added[j]);
      }
      for (var k = embeds.length - 1; k >= 0; k--) {
        if (!embeds[k].el.isConnected && embeds[k].el.localName !== TAG) release(embeds[k].el);
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
    var rethemeSoon = function () { setTimeout(rethemeAll, 0); };
    new MutationObserver(rethemeSoon).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    if (document.body) {
      new MutationObserver(rethemeSoon).observe(document.body, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    }
    if (window.matchMedia) {
      var query = matchMedia('(prefers-color-scheme: dark)');
      if (query.addEventListener) query.addEventListener('change', rethemeSoon);
    }
  }

  defineElement();
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
