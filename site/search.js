// search.js - the home page's op search: as you type, the gallery keeps the ops whose name,
// aliases or summary hold every word typed (case-insensitive), hides the families left empty,
// and says how many ops match. Plain DOM, no WebAssembly: it works while the widget loads, and
// without WebGL. "/" focuses the box; Enter with exactly one match opens that op's page;
// index.html?q=gather opens the page with the box filled in, and the box keeps ?q= up to date.
(function() {
  'use strict';
  var input = document.getElementById('op-search');
  if (!input) return;
  var count = document.getElementById('op-count');
  var empty = document.querySelector('.op-empty');
  var families = Array.prototype.slice.call(document.querySelectorAll('.op-family'));
  var familyIndex = document.querySelector('.family-index');  // links to every family: moot while filtering
  var items = [];
  families.forEach(function(family) {
    Array.prototype.forEach.call(family.querySelectorAll('li'), function(li) {
      items.push({li: li, family: family, text: li.textContent.toLowerCase()});
    });
  });
  var total = items.length;

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0, matches = [];
    var visible = new Map();
    items.forEach(function(item) {
      var match = words.every(function(w) { return item.text.indexOf(w) >= 0; });
      item.li.hidden = !match;
      if (match) { shown++; matches.push(item); visible.set(item.family, true); }
    });
    families.forEach(function(family) { family.hidden = !visible.has(family); });
    if (familyIndex) familyIndex.hidden = words.length > 0;
    count.textContent = shown + ' of ' + total + ' ops';
    empty.hidden = shown > 0;
    if (!shown) empty.textContent = 'No op matches \u201c' + input.value.trim() + '\u201d.';
    return matches;
  }

  function remember() {
    var url = new URL(location.href);
    if (input.value.trim()) url.searchParams.set('q', input.value.trim());
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url.href);
  }

  input.addEventListener('input', function() { apply(); remember(); });
  input.addEventListener('keydown', function(event) {
    if (event.key !== 'Enter') return;
    var matches = apply();
    if (matches.length === 1) location.href = matches[0].li.querySelector('a').href;
  });
  document.addEventListener('keydown', function(event) {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    var t = event.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    event.preventDefault();
    input.focus();
    input.select();
  });

  var q = new URLSearchParams(location.search).get('q');
  if (q) input.value = q;
  apply();
})();
