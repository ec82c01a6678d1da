// alias.js - an alias's page (op/<alias>/index.html) sends the reader on to the op's own page
// (its link rel=canonical) at once, keeping the URL hash: the call to show. The page's meta
// refresh does the same without JavaScript, minus the hash.
(function() {
  'use strict';
  var link = document.querySelector('link[rel="canonical"]');
  if (link) location.replace(link.href + location.hash);
})();
