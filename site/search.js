// search.js - the home page's op search: as you type, the gallery keeps the ops whose name,
// aliases or summary hold every word typed (case-insensitive), hides the families left empty,
// and says how many ops match. A word of four letters or more that one typo away from a name or
// alias also matches ("softmx" finds softmax: one letter added, dropped, changed, or two
// neighbours swapped), ranked after the other matches. Within a family the ops are listed
// best first: a name typed whole, then names that start with it, then other matches, then
// those one typo away. Plain DOM, no WebAssembly: it works while the widget loads, and without
// WebGL. "/" focuses the box; Enter opens the op when one matches, or when one name is typed
// whole; index.html?q=gather opens the page with the box filled in, and the box keeps ?q= up to date.
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
    Array.prototype.forEach.call(family.querySelectorAll('li'), function(li, order) {
      var aliases = li.querySelector('.aliases');
      var names = [li.querySelector('.name').textContent].concat(aliases ? aliases.textContent.split(/\s+/) : [])
        .filter(Boolean).map(function(n) { return n.toLowerCase(); });
      items.push({li: li, family: family, order: order, names: names, lasts: names.map(lastPart), keys: keys(names),
                  text: li.textContent.toLowerCase()});
    });
  });
  var total = items.length;

  // softmax of torch.nn.functional.softmax, add of torch.Tensor.__add__.
  function lastPart(name) { return name.slice(name.lastIndexOf('.') + 1).replace(/^_+|_+$/g, ''); }

  // What a word one typo away is compared with: each name whole, its last part and that
  // part's words (select of index_select).
  function keys(names) {
    var out = [];
    names.forEach(function(n) {
      var last = lastPart(n);
      out.push(n, last);
      last.split('_').forEach(function(w) { if (w.length >= 3) out.push(w); });
    });
    return out;
  }

  // True when a and b differ by one edit: a letter added, dropped or changed, or two
  // neighbouring letters swapped.
  function oneEdit(a, b) {
    if (a === b) return false;
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    if (a.length === b.length) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true;  // one changed
      return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);  // a swap
    }
    return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  }

  // 0: a name typed whole (or its last part: softmax); 1: a name or its last part starts with
  // it; 2: anywhere in the text (a word of the summary); 3: one typo from a name; -1: no match.
  function rank(item, word) {
    if (item.names.indexOf(word) >= 0 || item.lasts.indexOf(word) >= 0) return 0;
    var starts = function(n) { return n.indexOf(word) === 0; };
    if (item.names.some(starts) || item.lasts.some(starts)) return 1;
    if (item.text.indexOf(word) >= 0) return 2;
    if (word.length >= 4 && item.keys.some(function(k) { return oneEdit(word, k); })) return 3;
    return -1;
  }

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0, matches = [];
    var visible = new Map();
    items.forEach(function(item) {
      var worst = 0;
      for (var i = 0; i < words.length && worst >= 0; i++) {
        var r = rank(item, words[i]);
        worst = r < 0 ? -1 : Math.max(worst, r);
      }
      item.rank = worst;
      item.li.hidden = worst < 0;
      if (worst >= 0) { shown++; matches.push(item); visible.set(item.family, true); }
    });
    families.forEach(function(family) {
      family.hidden = !visible.has(family);
      var list = family.querySelector('.op-list');
      var mine = items.filter(function(item) { return item.family === family; });
      var sorted = mine.slice().sort(function(a, b) { return (a.rank - b.rank) || (a.order - b.order); });
      if (!words.length) sorted = mine;  // the gallery's own order
      // Reorder only when the order changes: moving nodes costs layout.
      var now = Array.prototype.slice.call(list.children);
      if (sorted.some(function(item, k) { return now[k] !== item.li; }))
        sorted.forEach(function(item) { list.appendChild(item.li); });
    });
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
    var whole = matches.filter(function(item) { return item.rank === 0; });
    var pick = matches.length === 1 ? matches[0] : whole.length === 1 ? whole[0] : null;
    if (pick) location.href = pick.li.querySelector('a').href;
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
