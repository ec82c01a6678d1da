// embed.js - puts a Whence widget into any page. Write
//
//   <div class="whence-embed" data-call="torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))"
//        data-height="480" data-theme="auto"></div>
//   <script src="https://YOUR-HOST/PATH/embed.js" async></script>
//
// and each such div gets an iframe showing embed.html (from the same folder as this script)
// with that call. The iframe keeps the widget's keyboard and wheel handling out of your page.
//   data-call       the PyTorch call shown (default: the site's first example)
//   data-height     the starting height in CSS pixels (default 520); the box keeps that space
//                   before the widget loads, so the page does not jump
//   data-autosize   "off" keeps data-height; otherwise the iframe fits the widget's content
//   data-theme      "light", "dark" or "auto" (the reader's system setting). Without it the
//                   widget follows the page's <html data-theme="light|dark"> where the page
//                   sets one (Whence's own pages do), else auto. Changing the attribute (or
//                   the page's data-theme) later switches the widget at once.
//   data-whence-mounted   set by this script once a placeholder has its iframe (it skips
//                   those); not for authors
// and, on the page, <html data-theme> (above). It reads no other attribute. site/README.md
// ("Embedding") and the blog post's guide list the same.
// A widget loads only when its box is in the viewport when the page loads, or, once the reader
// scrolls, comes within 200 px of it: a page with several of them downloads nothing for those
// the reader never scrolls to (each may need a different module of a few hundred KB).
(function() {
  'use strict';
  var script = document.currentScript;
  var base = new URL('.', script ? script.src : location.href);
  var THEMES = ['light', 'dark', 'auto'];

  function themeOf(el) {
    var own = el.getAttribute('data-theme');
    if (THEMES.indexOf(own) >= 0) return own;
    var page = document.documentElement.getAttribute('data-theme');
    return page === 'light' || page === 'dark' ? page : 'auto';
  }

  function mount(el) {
    if (el.getAttribute('data-whence-mounted')) return;
    el.setAttribute('data-whence-mounted', '1');
    var call = el.getAttribute('data-call') || '';
    var theme = themeOf(el);
    var frame = document.createElement('iframe');
    // The theme goes in the query: the hash is the call, which the widget rewrites as it changes.
    frame.src = new URL('embed.html', base).href + '?theme=' + theme + (call ? '#' + encodeURIComponent(call) : '');
    frame.title = 'Whence: where each element of ' + (call.split('(')[0] || 'a PyTorch call') + ' comes from';
    frame.loading = 'lazy';
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.height = height(el) + 'px';
    frame.style.border = '1px solid rgba(128, 128, 128, 0.3)';  // reads on light and dark pages
    frame.style.borderRadius = '10px';
    frame.style.colorScheme = 'normal';
    // A change of theme while the iframe was still loading would have been lost: send the
    // current one once it has loaded.
    frame.addEventListener('load', function() { frame.contentWindow.postMessage({whenceTheme: el.whenceTheme}, base.origin); });
    el.appendChild(frame);
    el.style.minHeight = '';  // the iframe holds the space now, and may shrink to its content
    el.whenceFrame = frame;
    el.whenceTheme = theme;
    if (el.getAttribute('data-autosize') !== 'off') frames.push(frame);
  }

  function height(el) { return parseInt(el.getAttribute('data-height'), 10) || 520; }

  // A placeholder's theme (or the page's) changed: tell its widget.
  function updateTheme(el) {
    var theme = themeOf(el);
    if (!el.whenceFrame || theme === el.whenceTheme) return;
    el.whenceTheme = theme;
    el.whenceFrame.contentWindow.postMessage({whenceTheme: theme}, base.origin);
  }

  // embed.html posts the height its content needs.
  var frames = [];
  window.addEventListener('message', function(event) {
    var h = event.data && event.data.whenceHeight;
    if (typeof h !== 'number') return;
    frames.forEach(function(frame) {
      if (frame.contentWindow === event.source)
        frame.style.height = Math.round(Math.min(1600, Math.max(200, h + 2))) + 'px';
    });
  });

  // Mount a placeholder once it is in the viewport (margin '0px'), or within 200 px of it
  // (margin '200px 0px', from the first scroll on: the next widget starts loading before the
  // reader gets there, while one just below the fold of a first visit waits for a scroll).
  function observe(margin) {
    var observer = new IntersectionObserver(function(entries) {
      entries.forEach(function(entry) {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        mount(entry.target);
      });
    }, {rootMargin: margin});
    return observer;
  }
  var observer = window.IntersectionObserver && observe('0px');
  if (observer) {
    window.addEventListener('scroll', function lookAhead() {
      window.removeEventListener('scroll', lookAhead);
      observer.disconnect();
      observer = observe('200px 0px');
      placeholders.forEach(function(el) { if (!el.whenceFrame) observer.observe(el); });
    });
  }

  var placeholders = [];
  function mountAll() {
    Array.prototype.forEach.call(document.querySelectorAll('.whence-embed'), function(el) {
      if (placeholders.indexOf(el) >= 0) return;
      placeholders.push(el);
      if (!el.style.minHeight) el.style.minHeight = height(el) + 'px';  // the space it will take
      if (observer) observer.observe(el);
      else mount(el);
    });
  }

  if (window.MutationObserver) {
    new MutationObserver(function() { placeholders.forEach(updateTheme); })
      .observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme'], subtree: true});
  }

  // The placeholders parsed so far now (a page that loads this script right after its first
  // widget starts that widget before the rest of the page is parsed), the rest once all are.
  mountAll();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
})();
