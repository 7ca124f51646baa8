/* Briscola service worker, build __BUILD__ (template: static/sw.js, filled by tools/build.py).

   Precaches every file the game needs at start and in play into a cache named after the
   build, serves them cache-first, and deletes the caches of other builds when it takes
   over. A new build waits until the page asks it to take over (the "new version" banner),
   so one page never mixes files of two builds. Files whose bytes did not change between
   builds are copied from the old cache instead of downloaded again. */

const BUILD = "__BUILD__";
const PREFIX = "briscola-";
const CACHE = PREFIX + BUILD;
// [path relative to the scope, revision (hash of the bytes)]; "./" is index.html.
const PRECACHE = /*__PRECACHE__*/[];
const REVISIONS = PREFIX + "revisions"; // header on cached responses: which bytes they hold

const scope = self.registration.scope;
const urlOf = (path) => new URL(path, scope).href;

async function fromOldCache(url, revision) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await (await caches.open(name)).match(url);
    if (old && old.headers.get(REVISIONS) === revision) return old;
  }
  return null;
}

async function download(url, revision) {
  // reload: skip the HTTP cache altogether. These bytes are known to be new (their
  // revision is in no old cache), and a revalidation can be wrongly answered 304 by a
  // server whose Last-Modified has one-second steps (two deploys in one second).
  const response = await fetch(new Request(url, { cache: "reload", credentials: "same-origin" }));
  if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
  // Keep status, type and headers, drop "redirected" (a redirected response cannot
  // answer a navigation), and note the revision for the next build's install.
  const headers = new Headers(response.headers);
  headers.set(REVISIONS, revision);
  return new Response(await response.blob(), { status: 200, statusText: "OK", headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = PRECACHE.slice();
  const worker = async () => {
    while (queue.length) {
      const [path, revision] = queue.shift();
      const url = urlOf(path);
      const cached = await cache.match(url);
      if (cached && cached.headers.get(REVISIONS) === revision) continue;
      const response = (await fromOldCache(url, revision)) || (await download(url, revision));
      await cache.put(url, response);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(
      names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
    );
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  else if (data.type === "build" && event.source) {
    event.source.postMessage({ type: "build", build: BUILD, cache: CACHE });
  }
});

// Cross-origin isolation for hosts that cannot send headers (GitHub Pages): the page and
// worker scripts this worker gives carry the headers Netlify sends from dist/_headers,
// so a page it controls is isolated and runs Python in PyScript's worker
// (static/js/early.js). The first visit, before this worker controls the page, runs
// Python on the page; no reload is forced. Other responses are same-origin, which an
// isolated page may load without them, and are given as cached: a rebuilt response
// would stream its body through this worker (the runtime's megabytes at every start).
const ISOLATION = [
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Embedder-Policy", "require-corp"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
];

const NEEDS_HEADERS = new Set(["document", "worker", "sharedworker"]);

function isolated(response) {
  if (!response || response.status === 0 || response.type === "opaque" || response.type === "opaqueredirect") {
    return response;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of ISOLATION) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// A card's picture (static/cards/<deck>/<card>.svg) is not cached as a file of its own:
// each deck's pictures are cached as one bundle, static/cards/<deck>.json ({card: svg};
// tools/build.py split_card_sheets), 30 kB gzipped for all seven decks where their files
// took 189 kB. The page asks for the single files (a visit this worker does not control
// fetches them from the host), and this worker cuts the answer from the bundle.
const CARD = /\/static\/cards\/([\w-]+)\/(\w+)\.svg$/;
const bundles = new Map(); // deck -> the promise of its bundle, read once

async function fromBundle(cache, url) {
  const match = CARD.exec(new URL(url).pathname);
  if (!match) return null;
  const [, deck, card] = match;
  if (!bundles.has(deck)) {
    bundles.set(deck, cache.match(urlOf(`static/cards/${deck}.json`)).then((r) => (r ? r.json() : null)));
  }
  const pictures = await bundles.get(deck).catch(() => null);
  if (!pictures) bundles.delete(deck); // not cached (yet): asked again next time
  const svg = pictures ? pictures[card] : undefined;
  if (typeof svg !== "string") return null;
  return new Response(svg, { status: 200, headers: { "Content-Type": "image/svg+xml" } });
}

const INDEX = urlOf("./");
const INDEX_ALIASES = new Set([INDEX, urlOf("./index.html")]);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const key = request.mode === "navigate" && INDEX_ALIASES.has(url.href) ? INDEX : url.href;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The cache holds one build only, so a query (?v=<build>) cannot pick a wrong file.
    // a card's file is never cached on its own: its bundle answers it, without a lookup first
    const cached = (await fromBundle(cache, key)) || (await cache.match(key, { ignoreSearch: true }));
    const response = cached || (await fetch(request));
    return NEEDS_HEADERS.has(request.destination) || request.mode === "navigate" ? isolated(response) : response;
  })());
});
