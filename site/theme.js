// theme.js - the page's colour theme: light, dark, or auto (the system's prefers-color-scheme).
// Loaded by every page as a blocking script in <head>, so <html data-theme="light|dark"> is set
// before the first paint (no flash of the wrong colours, and no inline script: the pages'
// Content-Security-Policy allows scripts from the site only). style.css colours the page from
// that attribute; site/widget.js passes the theme on to the ImGui widget.
//
//   - The header's toggle (.theme-toggle buttons with data-theme-choice) sets the choice and
//     remembers it in localStorage ('whence-theme').
//   - embed.html takes the choice from its URL (embed.html?theme=dark#<call>, default auto),
//     never from storage, and the embedding page's embed.js may change it later by message.
//   - Whenever the resolved theme changes, window gets a 'whencethemechange' event whose
//     detail is {theme: 'light'|'dark', choice: 'light'|'dark'|'auto'}.
(function() {
  'use strict';
  var KEY = 'whence-theme';
  var CHOICES = ['light', 'dark', 'auto'];
  var root = document.documentElement;
  var isEmbed = /(^|\/)embed\.html$/.test(location.pathname);
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  function valid(choice) { return CHOICES.indexOf(choice) >= 0 ? choice : null; }

  function stored() {
    try { return valid(localStorage.getItem(KEY)); } catch (e) { return null; }  // storage may be blocked
  }

  function fromUrl() {
    var m = /[?&]theme=([a-z]+)/.exec(location.search);
    return m ? valid(m[1]) : null;
  }

  var choice = (isEmbed ? fromUrl() : stored()) || 'auto';

  function resolve(c) { return c === 'auto' ? (media && media.matches ? 'dark' : 'light') : c; }

  function apply() {
    var theme = resolve(choice);
    var changed = root.getAttribute('data-theme') !== theme;
    root.setAttribute('data-theme', theme);
    root.setAttribute('data-theme-choice', choice);
    document.querySelectorAll('.theme-toggle [data-theme-choice]').forEach(function(button) {
      button.setAttribute('aria-pressed', String(button.getAttribute('data-theme-choice') === choice));
    });
    if (changed) window.dispatchEvent(new CustomEvent('whencethemechange', {detail: {theme: theme, choice: choice}}));
  }

  function choose(c, remember) {
    choice = valid(c) || 'auto';
    if (remember) {
      try { localStorage.setItem(KEY, choice); } catch (e) { /* not remembered, still applied */ }
    }
    apply();
  }

  apply();
  if (media) {
    var follow = function() { if (choice === 'auto') apply(); };
    if (media.addEventListener) media.addEventListener('change', follow);
    else media.addListener(follow);
  }

  // The toggle is in the header, parsed after this script ran.
  document.addEventListener('DOMContentLoaded', function() {
    document.querySelectorAll('.theme-toggle [data-theme-choice]').forEach(function(button) {
      button.addEventListener('click', function() { choose(button.getAttribute('data-theme-choice'), true); });
    });
    apply();
  });

  // Another tab changed the choice: follow it.
  window.addEventListener('storage', function(event) {
    if (!isEmbed && event.key === KEY) choose(event.newValue, false);
  });

  // In an iframe, the embedding page's embed.js sends {whenceTheme: choice} when its
  // placeholder's data-theme (or its own page's theme) changes.
  if (isEmbed) window.addEventListener('message', function(event) {
    if (event.source !== window.parent || !event.data || !valid(event.data.whenceTheme)) return;
    choose(event.data.whenceTheme, false);
  });

  window.whenceTheme = {
    get: function() { return resolve(choice); },
    choice: function() { return choice; },
    set: function(c) { choose(c, !isEmbed); },
  };
})();
