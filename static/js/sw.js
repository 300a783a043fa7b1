// The service worker: what a phone keeps so that the table can go on in a cellar.
//
// Served at the root (scorer/web/server/pwa.py), so that it sees the Runden's pages under /r/….
// It keeps only what a table needs without a connection:
//   * the app's static files (stylesheets, scripts, icons) and the "Keine Verbindung" page,
//     answered from the phone and refreshed in the background;
//   * per Runde, in a cache of its own ("doko-runde-<id>", removed when the Runde is
//     forgotten on the start page), the last sheet of each evening and the form for its next
//     game: the pages the server marks with X-Doko-Offline. They are asked from the server
//     first; only when it does not answer within a few seconds does the phone show its copy,
//     marked data-offline-copy for the scripts ("offline – Stand von …").
// Pages carry the Runde's secret link and are sent no-store: nothing else is kept, and a
// page the server no longer gives (a renewed link) is dropped.
// A new game whose request dies on the way (the connection broke while saving) is kept as
// a waiting game (store.js), and the phone shows the kept sheet; offline.js sends it later.
"use strict";

importScripts("static/js/store.js");

// Filled in by scorer/web/server/pwa.py as it serves this file: the static files to keep, at their
// versioned addresses (scorer/web/server/assets.py), and a cache name that changes with any of
// them, so that an update installs a new worker which keeps the new files and drops the old;
// and the worker's own words in the device's language (scorer/words/scripts.py). A device that
// changes its language gets another file, so a new worker installs and keeps the "Keine
// Verbindung" page (and the manifest) anew, in the new language.
var BUILD = {"cache": "doko-static", "precache": [], "words": {}};
var STATIC = BUILD.cache;
var STATIC_FILES = BUILD.precache.map(function (path) { return new URL(path, self.location).href; });
var RUNDE = "doko-runde-";
var WAIT_FOR_PAGE = 4000;   // ms before a kept copy stands in for a slow page
var WAIT_FOR_STATIC = 3000; // ms before another kept version stands in for a slow static file
var WAIT_FOR_SAVE = 10000;  // ms before a slow save is kept on the phone instead
var SCOPE = self.registration.scope;
var PAGES = ["manifest.webmanifest", "offline"];
var KEPT = /^r\/[A-Za-z0-9_-]+\/abend\/[0-9]+\/(spiel\/neu)?$/;
var NEW_GAME = /^r\/[A-Za-z0-9_-]+\/abend\/[0-9]+\/spiel\/neu$/;
var NOT_SENT = ["csrf_token", "entry_key", "revision"];
var STATIC_IN_PAGE = /(?:href|src)="([^"]*\/static\/[^"]+)"/g;

// Installing keeps every file or fails: a worker that kept only some would, once active,
// leave the kept pages without their stylesheets and scripts. Failed, the old worker and
// its files stay, and the browser tries again later. A versioned address already kept (an
// unchanged file) is taken from the phone instead of the network.
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return Promise.all(STATIC_FILES.map(function (address) {
      return caches.match(address).then(function (kept) {
        if (kept) { return cache.put(address, kept); }
        return fetch(new Request(address, { cache: "reload" })).then(function (response) {
          if (!isFinal(response)) { throw new Error("not a kept version: " + address); }
          return cache.put(address, response);
        });
      });
    }).concat(PAGES.map(function (path) {
      return cache.add(new Request(new URL(path, SCOPE).href, { cache: "reload" }));
    })));
  }).then(function () { return self.skipWaiting(); }));
});

// Before the old files go: the versions the kept pages were drawn with move to the new
// cache, so that a kept sheet opened in a cellar shows with its own stylesheet and scripts.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    var old = names.filter(function (name) {
      return name.indexOf("doko-static") === 0 && name !== STATIC;
    });
    return keepWhatKeptPagesUse(names, old).then(function () {
      return Promise.all(old.map(function (name) { return caches["delete"](name); }));
    });
  }).then(function () { return self.clients.claim(); }));
});

function keepWhatKeptPagesUse(names, old) {
  if (!old.length) { return Promise.resolve(); }
  var runden = names.filter(function (name) { return name.indexOf(RUNDE) === 0; });
  return Promise.all(runden.map(function (name) {
    return caches.open(name).then(function (cache) {
      return cache.keys().then(function (keys) {
        return Promise.all(keys.map(function (key) {
          return cache.match(key).then(function (page) { return page ? page.text() : ""; });
        }));
      });
    });
  })).then(function (pages) {
    var wanted = {};
    pages.forEach(function (htmls) {
      htmls.forEach(function (html) {
        html.replace(STATIC_IN_PAGE, function (_, address) {
          wanted[new URL(address.replace(/&amp;/g, "&"), SCOPE).href] = true;
          return "";
        });
      });
    });
    return caches.open(STATIC).then(function (cache) {
      return Promise.all(Object.keys(wanted).map(function (address) {
        return cache.match(address).then(function (have) {
          return have ? null : firstIn(old, address).then(function (copy) {
            return copy ? cache.put(address, copy) : null;
          });
        });
      }));
    });
  });
}

function firstIn(names, address) {
  return names.reduce(function (found, name) {
    return found.then(function (copy) {
      return copy || caches.open(name).then(function (cache) { return cache.match(address); });
    });
  }, Promise.resolve(null));
}

// A versioned file the server answered as that version (immutable): only such an answer
// may be kept under its address for good.
function isFinal(response) {
  return response.ok && /immutable/.test(response.headers.get("Cache-Control") || "");
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  var base = url.origin + url.pathname;
  if (url.origin !== self.location.origin || base.indexOf(SCOPE) !== 0) { return; }
  var path = base.slice(SCOPE.length);
  if (request.method === "POST") {
    if (request.mode === "navigate" && NEW_GAME.test(path)) {
      event.respondWith(save(event, base));
    }
    return;
  }
  if (request.method !== "GET") { return; }
  if (path.indexOf("static/") === 0 || path === "manifest.webmanifest") {
    event.respondWith(fromPhone(event));
  } else if (KEPT.test(path) && !url.search) {
    event.respondWith(fromServer(event, base));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request)["catch"](offlinePage));
  }
});

// Static files: the phone's copy at once. A versioned address (?v=) never changes its
// content, so its copy is final; anything else is fetched fresh for next time. Without a
// copy of this version, the network's; if that fails or is slow, another kept version.
function fromPhone(event) {
  var request = event.request;
  var versioned = new URL(request.url).searchParams.has("v");
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit && versioned) { return hit; }
      var fresh = fetch(request).then(function (response) {
        if (versioned ? isFinal(response) : response.ok) {
          return cache.put(request, response.clone()).then(function () { return response; });
        }
        return response;
      });
      if (hit) {
        event.waitUntil(fresh["catch"](function () { return null; }));
        return hit;
      }
      return withStandIn(fresh, request.url);
    });
  });
}

function withStandIn(fresh, address) {
  return new Promise(function (resolve, reject) {
    var settled = false;
    function standIn(error) {
      return otherVersion(address).then(function (copy) {
        if (settled) { return; }
        if (copy) {
          settled = true;
          resolve(copy);
        } else if (error) {
          settled = true;
          reject(error);
        }  // slow, and no other version: the network's answer is still awaited
      });
    }
    var timer = setTimeout(function () { standIn(null); }, WAIT_FOR_STATIC);
    fresh.then(function (response) {
      clearTimeout(timer);
      if (!settled) { settled = true; resolve(response); }
    }, function (error) {
      clearTimeout(timer);
      standIn(error);
    });
  });
}

// Another kept version of a static file: the current one first, else any.
function otherVersion(address) {
  var path = new URL(address).pathname;
  var current = STATIC_FILES.filter(function (file) { return new URL(file).pathname === path; })[0];
  return (current ? caches.match(current) : Promise.resolve(null)).then(function (copy) {
    return copy || caches.match(address, { ignoreSearch: true });
  });
}

// The sheet and the entry form: the server's page, kept; the kept copy if it does not
// answer. A live fetch (X-Doko-Live) gets no copy: failing, it tells the page it is offline.
function fromServer(event, key) {
  var request = event.request;
  var network = fetch(request).then(function (response) {
    var runde = response.headers.get("X-Doko-Offline");
    if (response.ok && runde && !response.redirected) {
      var copy = response.clone();
      event.waitUntil(caches.open(RUNDE + runde).then(function (cache) { return cache.put(key, copy); }));
    } else if (response.status === 403 || response.status === 404) {
      event.waitUntil(drop(key));
    }
    return response;
  });
  if (request.headers.get("X-Doko-Live") === "1") { return network; }
  return new Promise(function (resolve) {
    var settled = false;
    function answer(response) {
      if (!settled && response) { settled = true; resolve(response); }
    }
    var timer = setTimeout(function () { copyOf(key).then(answer); }, WAIT_FOR_PAGE);
    network.then(function (response) {
      clearTimeout(timer);
      answer(response);
    }, function () {
      clearTimeout(timer);
      copyOf(key).then(function (copy) { return copy || offlinePage(); }).then(answer);
    });
  });
}

function copyOf(key) {
  return caches.match(key, { ignoreVary: true }).then(function (hit) {
    if (!hit) { return null; }
    return hit.text().then(function (html) {
      var headers = new Headers(hit.headers);
      headers["delete"]("Content-Length");
      return new Response(html.replace(/<body\b/, "<body data-offline-copy"),
                          { status: 200, headers: headers });
    });
  });
}

function drop(key) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf(RUNDE) === 0; })
      .map(function (name) {
        return caches.open(name).then(function (cache) { return cache["delete"](key); });
      }));
  });
}

function offlinePage() {
  return caches.match(new URL("offline", SCOPE).href).then(function (page) {
    return page || new Response(BUILD.words.offline || "", {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });
}

// Saving a new game: the server's answer, or — if the connection breaks on the way, the
// server does not answer in time, or it answers 503 (its database unreachable: nothing was
// stored) — the game kept on the phone (marked as sent where the server may have it) and
// the kept sheet. Should
// the server have stored it after all, sending it again later stores nothing twice (its
// entry key).
function save(event, url) {
  var kept = event.request.clone();
  return new Promise(function (resolve) {
    var settled = false;
    function keepIt(sent) {
      if (settled) { return; }
      settled = true;
      resolve(keep(kept, url, sent));
    }
    var timer = setTimeout(function () { keepIt(true); }, WAIT_FOR_SAVE);
    fetch(event.request).then(function (response) {
      clearTimeout(timer);
      if (response.status === 503) { keepIt(false); return; }  // reached, stored nothing
      if (!settled) { settled = true; resolve(response); }
    }, function () {
      clearTimeout(timer);
      keepIt(self.navigator.onLine !== false);  // broke on the way: it may have arrived
    });
  });
}

function keep(request, url, sent) {
  var sheet = url.replace(/spiel\/neu$/, "");
  var evening = new URL(sheet).pathname;
  return request.formData().then(function (data) {
    var key = data.get("entry_key");
    var number = parseInt(data.get("doko_number"), 10);
    if (!key || !number) { return offlinePage(); }  // not sent by offline.js: nothing to go by
    var fields = [];
    data.forEach(function (value, name) {
      if (typeof value === "string" && NOT_SENT.indexOf(name) < 0 && name.indexOf("doko_") !== 0) {
        fields.push([name, value]);
      }
    });
    var store = self.DokoStore;
    return Promise.all([store.get(key), store.waiting(evening)]).then(function (found) {
      if (found[0]) { return null; }  // kept already (tapped twice)
      var waiting = found[1];
      if (waiting.length) { number = Math.max(number, waiting[waiting.length - 1].number + 1); }
      // ``sent``: the request went out, so the server may be storing it right now; the
      // sheet says so (offline.js), and sending it again stores nothing twice.
      return store.add({ entry_key: key, evening: evening, sync: evening + "nachtragen",
                         runde: null, number: number, fields: fields,
                         text: data.get("doko_text") || "", sent: !!sent });
    }).then(function () { return Response.redirect(sheet, 303); });
  })["catch"](offlinePage);
}
