// page.js - what the site's pages do besides the widget, as a file rather than inline scripts
// (every page's Content-Security-Policy allows scripts from the site only):
//   - the embed snippets show this site's address for embed.js, wherever the site is hosted;
//   - on an op page, the snippet (pre.embed-snippet[data-live]) is the call on screen (the
//     app keeps it in location.hash), the theme chosen in the header and the widget's height,
//     rewritten as they change;
//   - every button.copy-snippet copies the snippet named by its data-target and says "Copied".
(function() {
  'use strict';
  var script = document.currentScript;
  var embedUrl = new URL('embed.js', script ? script.src : location.href).href;
  document.querySelectorAll('.embed-base').forEach(function(el) { el.textContent = embedUrl; });

  var live = document.querySelector('pre.embed-snippet[data-live]');
  var widget = document.querySelector('.whence-widget');

  function attr(text) { return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;'); }

  // The call on screen: the hash (the app writes it with history.replaceState, so no
  // hashchange comes), else the example the page was built with.
  function currentCall() {
    var raw = location.hash.slice(1);
    if (raw) {
      try { return decodeURIComponent(raw); } catch (e) { return raw; }
    }
    return live.getAttribute('data-call') || '';
  }

  function snippet() {
    var theme = document.documentElement.getAttribute('data-theme-choice') || 'auto';
    var height = widget ? Math.max(320, Math.round(widget.getBoundingClientRect().height / 10) * 10) : 480;
    return '<div class="whence-embed"\n     data-call="' + attr(currentCall()) + '"\n' +
           '     data-theme="' + theme + '" data-height="' + height + '"></div>\n' +
           '<script src="' + embedUrl + '" async></script>';
  }

  function refresh() {
    if (!live) return;
    var code = live.querySelector('code');
    var text = snippet();
    if (code.textContent !== text) code.textContent = text;
  }

  if (live) {
    refresh();
    var later = function() { setTimeout(refresh, 50); };
    window.addEventListener('whenceready', refresh);
    window.addEventListener('whencethemechange', refresh);
    window.addEventListener('hashchange', refresh);
    window.addEventListener('mouseup', later);
    window.addEventListener('keyup', later);
    window.addEventListener('touchend', later);
  }

  // navigator.clipboard needs a secure context (https or localhost); elsewhere a selected
  // textarea and execCommand('copy') still work in every browser we know of.
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function(resolve, reject) {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'copy-buffer';
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { /* reported below */ }
      area.remove();
      if (ok) resolve(); else reject(new Error('copy refused'));
    });
  }

  document.querySelectorAll('button.copy-snippet').forEach(function(button) {
    var label = button.textContent;
    var timer = null;
    button.addEventListener('click', function() {
      refresh();
      var target = document.getElementById(button.getAttribute('data-target'));
      var text = target ? target.textContent : '';
      button.setAttribute('data-copied', text);  // what was copied, for tests and for a reader's devtools
      copyText(text).then(function() { button.textContent = 'Copied'; }, function() {
        // No clipboard here: the snippet is selected for the reader to copy.
        if (target) {
          var range = document.createRange();
          range.selectNodeContents(target);
          getSelection().removeAllRanges();
          getSelection().addRange(range);
          target.scrollIntoView({block: 'center'});
        }
        button.textContent = 'Selected: press Ctrl+C';
      }).then(function() {
          clearTimeout(timer);
          timer = setTimeout(function() { button.textContent = label; }, 2000);
        });
    });
  });
})();
