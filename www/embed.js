// shardlab's one-line embed. A page that loads this script gets every
//   <div data-shardlab="decoder|ring|board" data-state="v=1&…" data-theme="light|dark"></div>
// replaced by an iframe of that view's chrome-less embed route, sized to its content. Plain
// iframes of an embed route (`…/ring.html#/embed/ring?…`) are sized too.
//
// The iframe's address is built from this script's own URL, so the embed works wherever the
// site is hosted, under a subpath included. Only one kind of message is accepted: a
// `{type: "shardlab:height", height}` from one of our iframes (its window and our origin).
(function () {
  'use strict';

  var VIEWS = { decoder: 'decoder.html', ring: 'ring.html', board: 'board.html' };
  var LABELS = { decoder: 'Decoder', ring: 'Ring', board: 'Board' };
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
          var clamped = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)));
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

  function frameFor(div) {
    var view = div.getAttribute('data-shardlab');
    if (!Object.prototype.hasOwnProperty.call(VIEWS, view)) {
      div.textContent = 'shardlab: "' + view + '" is not a view; use decoder, ring or board.';
      return;
    }
    var state = (div.getAttribute('data-state') || '').replace(/^[?#]+/, '');
    var theme = div.getAttribute('data-theme');
    var query = state;
    if (theme === 'light' || theme === 'dark') {
      query += (query ? '&' : '') + 'theme=' + theme;
    }
    var frame = document.createElement('iframe');
    frame.src = new URL(VIEWS[view], base).href + '#/embed/' + view + (query ? '?' + query : '');
    frame.title = div.getAttribute('data-title') || 'shardlab: ' + LABELS[view] + ' (interactive)';
    frame.setAttribute('loading', 'lazy');
    frame.setAttribute('height', '600');
    frame.style.height = '600px';
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
