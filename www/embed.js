// shardlab's one-line embed. A page that loads this script gets every
//   <div data-shardlab="ring/grow" data-state="v=1&…" data-theme="light|dark" data-height="480"></div>
// replaced by an iframe of that widget's chrome-less embed route (`data-shardlab="ring"` is the
// whole view), opening at `data-height` pixels and then sized to its content. Plain iframes of an
// embed route (`…/ring.html#/embed/ring/grow?…`) are sized too. An unknown name gets a note in
// the page, in the div's place.
//
// The iframe's address is built from this script's own URL, so the embed works wherever the
// site is hosted, under a subpath included. Only one kind of message is accepted: a
// `{type: "shardlab:height", height}` from one of our iframes (its window and our origin).
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

  // Which script is ours says where the site is. `currentScript` is null when the script was
  // added inside a shadow root (or runs as a module); the snippet's `data-shardlab-embed` then
  // names it. A guess by file name could pick another vendor's embed.js, whose origin would be
  // framed and whose height messages trusted, so without the attribute the script gives up.
  var script = document.currentScript;
  if (!script || !script.src) {
    script = document.querySelector('script[data-shardlab-embed][src]');
  }
  if (!script || !script.src) {
    if (window.console) {
      console.warn('shardlab embed.js: cannot tell which script is mine; add data-shardlab-embed to its <script> tag.');
    }
    return;
  }
  var base = new URL('.', script.src);
  var origin = base.origin;
  // Several copies of the script on one page share one listener and one list of frames.
  var shared = window.__shardlabEmbed;
  if (!shared) {
    shared = window.__shardlabEmbed = { frames: [] };
    window.addEventListener('message', function (event) {
      var data = event.data;
      if (!data || typeof data !== 'object' || data.type !== 'shardlab:height') return;
      var height = Number(data.height);
      if (!isFinite(height)) return;
      for (var i = 0; i < shared.frames.length; i++) {
        var entry = shared.frames[i];
        if (entry.frame.contentWindow === event.source && entry.origin === event.origin) {
          var clamped = clampHeight(height);
          entry.frame.style.height = clamped + 'px';
          entry.frame.setAttribute('height', String(clamped));
        }
      }
    });
  }

  function track(frame) {
    for (var i = 0; i < shared.frames.length; i++) {
      if (shared.frames[i].frame === frame) return;
    }
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.overflow = 'hidden';
    frame.setAttribute('scrolling', 'no');
    shared.frames.push({ frame: frame, origin: origin });
  }

  function clampHeight(height) {
    return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)));
  }

  // In the div's place, where the author will see it: what was asked, and where the names are.
  function note(div, name) {
    var list = new URL('widgets.json', base).href;
    div.textContent = 'shardlab: no view or widget is named "' + name.slice(0, 80) + '". Use ' +
      Object.keys(PAGES).filter(function (key) { return key.indexOf('/') < 0; }).join(', ') +
      ', or <view>/<widget> with a widget listed in ';
    var link = document.createElement('a');
    link.href = list;
    link.textContent = list;
    div.appendChild(link);
    div.appendChild(document.createTextNode('.'));
    div.setAttribute('role', 'note');
    div.style.border = '1px solid';
    div.style.padding = '8px 12px';
  }

  function frameFor(div) {
    var name = div.getAttribute('data-shardlab') || '';
    if (!Object.prototype.hasOwnProperty.call(TITLES, name)) {
      note(div, name);
      return;
    }
    var state = (div.getAttribute('data-state') || '').replace(/^[?#]+/, '');
    var theme = div.getAttribute('data-theme');
    var query = state;
    if (theme === 'light' || theme === 'dark') {
      query += (query ? '&' : '') + 'theme=' + theme;
    }
    var frame = document.createElement('iframe');
    // A widget on a page of its own (the Ring's plots), else its view's page.
    var page = PAGES[name] || PAGES[name.split('/')[0]];
    frame.src = new URL(page, base).href + '#/embed/' + name + (query ? '?' + query : '');
    frame.title = div.getAttribute('data-title') || 'shardlab: ' + TITLES[name] + ' (interactive)';
    frame.setAttribute('loading', 'lazy');
    // The builder's measured height, so the page does not jump when the frame reports.
    var initial = Number(div.getAttribute('data-height'));
    var height = String(clampHeight(initial > 0 ? initial : 600));
    frame.setAttribute('height', height);
    frame.style.height = height + 'px';
    frame.className = div.className;
    track(frame);
    div.replaceWith(frame);
  }

  function isOurEmbed(frame) {
    try {
      var url = new URL(frame.src, document.baseURI);
      return url.origin === origin && url.hash.indexOf('#/embed/') === 0;
    } catch (e) {
      return false;
    }
  }

  function scan() {
    var divs = document.querySelectorAll('div[data-shardlab]');
    for (var i = 0; i < divs.length; i++) frameFor(divs[i]);
    var frames = document.querySelectorAll('iframe');
    for (var j = 0; j < frames.length; j++) {
      if (isOurEmbed(frames[j])) track(frames[j]);
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', scan);
  } else {
    scan();
  }
})();
