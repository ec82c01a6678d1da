// examples.js - an op page's "More examples": each is a link to the page's own URL with the
// call in the hash, which the widget loads (it follows the hash). Clicking one also brings the
// widget into view, and the example shown is marked.
(function() {
  'use strict';
  var widget = document.querySelector('.whence-widget');
  var links = Array.prototype.slice.call(document.querySelectorAll('.example-list a'));
  if (!widget || !links.length) return;

  function decoded(hash) {
    try { return decodeURIComponent(hash.slice(1)); } catch (e) { return hash; }
  }
  function mark() {
    var shown = decoded(location.hash);
    links.forEach(function(a) {
      if (decoded(a.hash) === shown) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    });
  }
  links.forEach(function(a) {
    a.addEventListener('click', function() {
      var top = widget.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight * 0.5) widget.scrollIntoView({block: 'start', behavior: 'smooth'});
    });
  });
  window.addEventListener('hashchange', mark);
  mark();
})();
