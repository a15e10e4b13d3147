// Qipan's service worker: after the first visit the app starts without a network, and a new
// build is never mixed with an old one.
//
// assets/web/stamp-sw.sh (run by tools/web.mjs's build) fills in VERSION (a
// checksum of the built files) and FILES (every file of the build). A new build therefore
// means a new sw.js, which the browser installs beside the old one: it caches the new files
// under a new name, then drops the old caches.
//
// index.html goes to the network first: a new build's index.html names new, content-hashed
// .js and .wasm files, so it is seen on the next load even while the old worker still
// controls the page. Only when the network fails (offline, server down, no answer within
// NAVIGATION_TIMEOUT_MS) does the cached index.html answer, and it names the cached files of
// its own build. Every other file is cached under its build's version, so it is served from
// the cache.
const VERSION = '__QIPAN_VERSION__';
const FILES = __QIPAN_FILES__;
const CACHE = `qipan-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 4000;
// The build's content-hashed names (`qipan-0123456789abcdef.js`, `…_bg.wasm`, tools/web.mjs):
// a file of that name has only ever had these contents. (Builds by Trunk, before, wrote the
// hash without leading zeros: 8 to 16 digits are taken.)
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z]+$/;
// Maddell's solved table (tools/maddell-table-file.sh), not one of FILES.
const TABLE = /\/maddell-table-[^/]*\.bin$/;

self.addEventListener('install', (event) => {
  // `reload`: straight from the server, not from the HTTP cache of an older build; but a
  // content-hashed file may come from the HTTP cache (`force-cache`), where the page's own
  // download has just put it: the first visit then downloads the wasm once, not twice.
  const request = (f) => new Request(f, { cache: HASHED.test(f) ? 'force-cache' : 'reload' });
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map(request)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith('qipan-') && k !== CACHE).map((k) => caches.delete(k)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // Maddell's solved table goes straight to the network, as if there were no worker: the
  // page keeps it in IndexedDB, so it is neither cached here nor worth a detour.
  if (TABLE.test(new URL(request.url).pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else {
    event.respondWith(
      caches.open(CACHE)
        .then((cache) => cache.match(request))
        .then((hit) => hit || fetch(request)),
    );
  }
});

/** The page from the network, or this build's cached index.html when that fails. */
async function networkFirst(request) {
  const cached = async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(request, { ignoreSearch: true })) || cache.match('./');
  };
  const network = fetch(request);
  network.catch(() => {}); // awaited below only when needed; no unhandled rejection
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([network, late]);
    if (response) return response;
    return (await cached()) || (await network);
  } catch (e) {
    const hit = await cached();
    if (hit) return hit;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
