/*
 * Runs before the first paint (a plain script in index.html's <head>, allowed by the content policy's
 * script-src 'self'): sets the colour scheme from the member's cached setting, Telegram's launch parameters
 * or the system, Telegram's base colours, and the classes telling which of Telegram's buttons stand in for
 * in-page ones. Without it a Mini App opened in Telegram's dark theme paints light first. The React app
 * takes over from here (src/app/theme.tsx, src/lib/telegram/); src/lib/telegram/boot.test.ts keeps the two
 * in step.
 */
/* global document, location, window */

/*
 * The launch page's main request, started here rather than once the entry script has been downloaded and run: a
 * signed-in member opening a quest's page (its cover is the page's LCP, and the cover's address comes with the
 * quest) or Home. A GET with the stored access token, exactly as the app's API client would send it
 * (src/lib/api-client.ts); the app takes the response once, for the same address and the same token
 * (src/lib/boot-prefetch.ts), and otherwise sends its own request. Nothing is sent without a token or with one about
 * to expire (the client refreshes those first). On a quest's page the cover starts loading as soon as the quest is
 * in, at the widths the page asks for (src/lib/media-srcset.ts, IMAGE_SIZES.detailCover). src/lib/boot-prefetch.test.ts
 * keeps the two in step (docs/performance.md, Web).
 */
(function () {
  try {
    var REFRESH_MARGIN_MS = 5 * 60 * 1000;
    var VARIANT_WIDTHS = [160, 320, 480, 720, 960, 1280];
    var COVER_SIZES = '(min-width: 1152px) 760px, (min-width: 1024px) calc(100vw - 392px), 100vw';
    if (typeof window.fetch !== 'function') return;
    var token = localStorage.getItem('wyn.token');
    var expiry = Number(localStorage.getItem('wyn.token_expiry'));
    if (!token || (expiry > 0 && expiry - Date.now() < REFRESH_MARGIN_MS)) return;
    var path = location.pathname;
    var quest = /^\/quest\/([\w-]+)\/?$/.exec(path);
    var url = quest
      ? '/api/v1/club/tasks/' + quest[1] + '/'
      : path === '/' || path === '/home'
        ? '/api/v1/club/homepage/complete/'
        : null;
    if (!url) return;
    var response = window.fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      credentials: 'same-origin',
    });
    // Read by the app through src/lib/boot-prefetch.ts, once.
    window.__wynBoot = { url: url, token: token, at: Date.now(), response: response };
    // A failure is the app's to see (it sends its own request then), never an unhandled rejection here.
    response.catch(function () {});
    if (!quest) return;
    // What the signed-in shell asks for at start (src/app/router.tsx, preloadRoute), beside the quest: otherwise
    // these start only once the entry has run, and the cover's paint waits for them. The app's settings are public
    // (the client sends them without the token).
    var at = Date.now();
    window.__wynBootShell = [
      ['/api/v1/bot/current-user/', token],
      ['/api/v1/bot/config/', null],
      ['/api/v1/club/profiles/me/', token],
      ['/api/v1/club/user-settings/', token],
    ].map(function (r) {
      var headers = { Accept: 'application/json' };
      if (r[1]) headers.Authorization = 'Bearer ' + r[1];
      var sent = window.fetch(r[0], { method: 'GET', headers: headers, credentials: 'same-origin' });
      sent.catch(function () {});
      return { url: r[0], token: r[1], at: at, response: sent };
    });
    // The quest page's lazy files (named by the build in index.html, vite.config.ts questChunkHints) start
    // downloading now, beside the entry, not once the entry has run and asks for them.
    var chunks = document.querySelector('meta[name="wyn-quest-chunks"]');
    (chunks ? chunks.getAttribute('content') || '' : '').split(' ').forEach(function (href) {
      if (!/^\/[\w./-]+\.js$/.test(href)) return;
      var hint = document.createElement('link');
      hint.setAttribute('rel', 'modulepreload');
      hint.setAttribute('crossorigin', '');
      hint.setAttribute('href', href);
      document.head.appendChild(hint);
    });
    response
      .then(function (res) {
        return res.ok ? res.clone().json() : null;
      })
      .then(function (detail) {
        var src = detail && detail.media;
        var m = typeof src === 'string' ? /^\/media\/((?:seed\/)?\w[\w.-]*)\.(png|jpe?g|webp)$/i.exec(src) : null;
        if (!m || /^((?:seed\/)?\w[\w.-]*)\.w(\d+)\.webp$/.test(src.slice(7))) return;
        var srcset = VARIANT_WIDTHS.map(function (w) {
          return '/media/' + m[1] + '.w' + w + '.webp ' + w + 'w';
        }).join(', ');
        if (document.querySelector('link[rel="preload"][as="image"][href="' + src + '"]')) return;
        var link = document.createElement('link');
        link.setAttribute('rel', 'preload');
        link.setAttribute('as', 'image');
        link.setAttribute('href', src);
        link.setAttribute('imagesrcset', srcset);
        link.setAttribute('imagesizes', COVER_SIZES);
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
      })
      .catch(function () {});
  } catch (e) {
    /* the app sends its own requests */
  }
})();

(function () {
  try {
    var LAUNCH_KEY = 'wyn.tg_launch';
    var root = document.documentElement;

    function parse(raw) {
      var params = new URLSearchParams(String(raw || '').replace(/^[#?]/, ''));
      var initData = params.get('tgWebAppData');
      var version = params.get('tgWebAppVersion');
      var themeRaw = params.get('tgWebAppThemeParams');
      if (!initData && !version && !themeRaw) return null;
      var themeParams = null;
      try {
        var t = themeRaw ? JSON.parse(themeRaw) : null;
        if (t && typeof t === 'object' && !Array.isArray(t)) themeParams = t;
      } catch (e) {
        themeParams = null;
      }
      return {
        initData: initData || null,
        version: version || null,
        platform: params.get('tgWebAppPlatform') || null,
        themeParams: themeParams,
        startParam: params.get('tgWebAppStartParam') || null,
      };
    }
    function readJson(storage, key) {
      try {
        return JSON.parse(storage.getItem(key) || 'null');
      } catch (e) {
        return null;
      }
    }
    function atLeast(version, min) {
      if (!version) return false;
      var a = String(version).split('.');
      var b = min.split('.');
      for (var i = 0; i < Math.max(a.length, b.length); i++) {
        var x = parseInt(a[i], 10) || 0;
        var y = parseInt(b[i], 10) || 0;
        if (x !== y) return x > y;
      }
      return true;
    }
    function isDark(color) {
      var m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color || '');
      if (!m) return null;
      var hex = m[1].length === 3 ? m[1].replace(/(.)/g, '$1$1') : m[1];
      var r = parseInt(hex.slice(0, 2), 16);
      var g = parseInt(hex.slice(2, 4), 16);
      var b = parseInt(hex.slice(4, 6), 16);
      return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
    }
    function color(value) {
      return typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value) ? value : null;
    }

    var launch = parse(location.hash) || parse(location.search);
    if (launch) {
      try {
        sessionStorage.setItem(LAUNCH_KEY, JSON.stringify(launch));
      } catch (e) {
        /* storage off: the app reads the URL itself */
      }
    } else {
      launch = readJson(sessionStorage, LAUNCH_KEY);
    }
    var app =
      window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.initData ? window.Telegram.WebApp : null;
    var inside = Boolean(app || (launch && launch.initData));
    var version = (app && app.version) || (launch && launch.version) || null;
    var theme = (app && app.themeParams) || (launch && launch.themeParams) || null;
    var scheme = null;
    if (inside && app && (app.colorScheme === 'dark' || app.colorScheme === 'light')) scheme = app.colorScheme;
    else if (inside && theme) scheme = isDark(theme.bg_color) ? 'dark' : 'light';

    var settings = readJson(localStorage, 'wyn.settings');
    var pref = settings && (settings.theme === 'light' || settings.theme === 'dark') ? settings.theme : 'system';
    var dark =
      pref === 'system'
        ? scheme
          ? scheme === 'dark'
          : Boolean(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
        : pref === 'dark';
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';

    if (!inside) return;
    root.classList.add('tg');
    if (atLeast(version, '6.1')) root.classList.add('tg-back');
    if (atLeast(version, '6.0')) root.classList.add('tg-main');
    if (atLeast(version, '7.10')) root.classList.add('tg-secondary');
    if (pref !== 'system' || !theme) return;
    var background = color(theme.secondary_bg_color) || color(theme.bg_color);
    var card = color(theme.section_bg_color) || color(theme.bg_color);
    var text = color(theme.text_color);
    if (background) root.style.setProperty('--background', background);
    if (card) root.style.setProperty('--card', card);
    if (text) {
      root.style.setProperty('--foreground', text);
      root.style.setProperty('--card-foreground', text);
    }
  } catch (e) {
    /* the app applies the theme itself a moment later */
  }
})();
