// The scrollytelling example's driver (embed-scrolly.html): each `.step` names a state of the one
// <shardlab-widget> on the page in its `data-state`; when a step reaches the middle of the screen,
// the widget is set to it. The page shows this file as the code an author copies.
(function () {
  'use strict';
  var widget = document.getElementById('story');
  var steps = document.querySelectorAll('.step[data-state]');
  var shown = null;

  function show(step) {
    if (step === shown) return;
    shown = step;
    for (var i = 0; i < steps.length; i++) steps[i].classList.toggle('is-active', steps[i] === step);
    // Before embed.js has defined the element, `set` is not there yet; the state attribute then
    // opens the frame at this step.
    if (typeof widget.set === 'function') widget.set(step.getAttribute('data-state'));
    else widget.setAttribute('state', step.getAttribute('data-state'));
  }

  // A band across the middle of the screen: the step inside it is the one the reader is reading.
  var reading = new IntersectionObserver(function (entries) {
    for (var i = 0; i < entries.length; i++) {
      if (entries[i].isIntersecting) show(entries[i].target);
    }
  }, { rootMargin: '-45% 0px -45% 0px' });
  for (var i = 0; i < steps.length; i++) reading.observe(steps[i]);

  // What the widget says back: its summary, read aloud to screen readers under the figure.
  var said = document.getElementById('story-said');
  widget.addEventListener('shardlab-change', function (event) {
    var summary = event.detail.summary || {};
    var moved = summary.moved_fraction;
    var servers = summary.servers ? summary.servers.length : 0;
    said.textContent = typeof moved === 'number'
      ? servers + ' servers; ' + (moved * 100).toFixed(1) + ' % of the keys moved.'
      : servers + ' servers.';
  });
  widget.addEventListener('shardlab-error', function (event) {
    said.textContent = 'The widget could not show this step: ' + event.detail.message;
  });
})();
