// embed.js - puts a Whence widget into any page. Write
//
//   <div class="whence-embed" data-call="torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))"
//        data-height="480"></div>
//   <script src="https://YOUR-HOST/PATH/embed.js" async></script>
//
// and each such div gets an iframe showing embed.html (from the same folder as this script)
// with that call. The iframe keeps the widget's keyboard and wheel handling out of your page.
// It starts data-height pixels tall (default 520) and then fits the widget's content, unless
// data-autosize="off".
(function() {
  'use strict';
  var script = document.currentScript;
  var base = new URL('.', script ? script.src : location.href);

  function mount(el) {
    if (el.getAttribute('data-whence-mounted')) return;
    el.setAttribute('data-whence-mounted', '1');
    var call = el.getAttribute('data-call') || '';
    var frame = document.createElement('iframe');
    frame.src = new URL('embed.html', base).href + (call ? '#' + encodeURIComponent(call) : '');
    frame.title = 'Whence: where each element of ' + (call.split('(')[0] || 'a PyTorch call') + ' comes from';
    frame.loading = 'lazy';
    frame.style.width = '100%';
    frame.style.height = (parseInt(el.getAttribute('data-height'), 10) || 520) + 'px';
    frame.style.border = '1px solid #e2e5ea';
    frame.style.borderRadius = '10px';
    el.appendChild(frame);
    if (el.getAttribute('data-autosize') !== 'off') frames.push(frame);
  }

  // embed.html posts the height its content needs.
  var frames = [];
  window.addEventListener('message', function(event) {
    var height = event.data && event.data.whenceHeight;
    if (typeof height !== 'number') return;
    frames.forEach(function(frame) {
      if (frame.contentWindow === event.source)
        frame.style.height = Math.round(Math.min(1600, Math.max(200, height + 2))) + 'px';
    });
  });

  function mountAll() { Array.prototype.forEach.call(document.querySelectorAll('.whence-embed'), mount); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();
