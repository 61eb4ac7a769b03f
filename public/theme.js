// Runs before the first paint (a classic script: the CSP allows no inline script). It applies the member's stored
// theme ("theme" in localStorage, else the phone's setting) and says whether this path has the tab bar, so the
// inline shell in index.html shows in the right colours and shape before the app's JavaScript arrives.
(function () {
  var root = document.documentElement;
  var stored;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    stored = null;
  }
  var light = stored === 'light' || (stored !== 'dark' && window.matchMedia('(prefers-color-scheme: light)').matches);
  root.setAttribute('data-theme', light ? 'light' : 'dark');
  root.style.colorScheme = light ? 'light' : 'dark';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', light ? '#f4f6f9' : '#0f141a');
  var tabs = ['/', '/hq', '/lc', '/kf', '/my'];
  root.setAttribute('data-shell', tabs.indexOf(location.pathname) >= 0 ? 'tabs' : 'page');
})();
