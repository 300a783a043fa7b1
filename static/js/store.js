// What the phone keeps in IndexedDB, so that closing the browser loses nothing:
//   waiting  games entered without a connection, one per entry key, sent in order later
//   seen     per evening, the last state the phone knew for sure (version, games, when);
//            only of a Runde this device remembers by that link (the record holds the link)
// Used by the pages (offline.js, live.js) and by the service worker (sw.js), hence `self`.
(function (scope) {
  "use strict";
  var NAME = "doko-zettel";
  var opened = null;

  function open() {
    if (!scope.indexedDB) { return Promise.reject(new Error("no IndexedDB")); }
    if (opened) { return opened; }
    opened = new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () {
        var db = request.result;
        var waiting = db.createObjectStore("waiting", { keyPath: "entry_key" });
        waiting.createIndex("evening", "evening");
        db.createObjectStore("seen", { keyPath: "evening" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { opened = null; reject(request.error); };
    });
    return opened;
  }

  // One transaction; `work(store)` returns an IDBRequest whose result is the answer.
  function run(storeName, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(storeName, mode);
        var request = work(tx.objectStore(storeName));
        tx.oncomplete = function () { resolve(request ? request.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  // A version-4 UUID from crypto.getRandomValues (randomUUID needs a secure context,
  // and the table's server on the LAN is plain http).
  function uuid() {
    var b = new Uint8Array(16);
    scope.crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); });
    return h.slice(0, 4).join("") + "-" + h.slice(4, 6).join("") + "-" + h.slice(6, 8).join("") +
      "-" + h.slice(8, 10).join("") + "-" + h.slice(10).join("");
  }

  var counter = 0;

  function forget(which) {
    return run("seen", "readonly", function (s) { return s.getAll(); }).then(function (all) {
      var gone = (all || []).filter(which);
      if (!gone.length) { return null; }
      return run("seen", "readwrite", function (s) {
        gone.forEach(function (r) { s["delete"](r.evening); });
        return null;
      });
    });
  }

  // Versions are "<evening>.<Runde>", both only ever counting up: -1, 0 or 1.
  function compare(a, b) {
    var x = String(a).split(".").map(Number);
    var y = String(b).split(".").map(Number);
    for (var i = 0; i < 2; i += 1) {
      if ((x[i] || 0) !== (y[i] || 0)) { return (x[i] || 0) < (y[i] || 0) ? -1 : 1; }
    }
    return 0;
  }

  scope.DokoStore = {
    uuid: uuid,
    compare: compare,
    // A new waiting game: {entry_key, evening, sync, number, fields, text}; kept in the
    // order it was entered.
    add: function (item) {
      item.seq = Date.now() * 1000 + (counter++ % 1000);
      item.state = item.state || "waiting";
      return run("waiting", "readwrite", function (s) { return s.put(item); });
    },
    put: function (item) {
      return run("waiting", "readwrite", function (s) { return s.put(item); });
    },
    remove: function (key) {
      return run("waiting", "readwrite", function (s) { return s["delete"](key); });
    },
    get: function (key) {
      return run("waiting", "readonly", function (s) { return s.get(key); });
    },
    // The evening's waiting games, oldest first.
    waiting: function (evening) {
      return run("waiting", "readonly", function (s) {
        return s.index("evening").getAll(evening);
      }).then(function (items) {
        return (items || []).sort(function (a, b) { return a.seq - b.seq; });
      });
    },
    seen: function (evening) {
      return run("seen", "readonly", function (s) { return s.get(evening); });
    },
    // Only news: a kept copy of an older page must not overwrite what a later one knew.
    saw: function (record) {
      return run("seen", "readwrite", function (s) {
        var request = s.get(record.evening);
        request.onsuccess = function () {
          var known = request.result;
          var order = known ? compare(known.version, record.version) : -1;
          if (order < 0 || (order === 0 && known.confirmed <= record.confirmed)) {
            s.put(record);
          }
        };
        return null;
      });
    },
    forgetSeen: function (runde) {
      return forget(function (r) { return String(r.runde) === String(runde); });
    },
    // Every evening seen through one link ("/r/<token>/"): a Runde not remembered by it.
    forgetLink: function (link) {
      return forget(function (r) { return String(r.evening).indexOf(link) === 0; });
    }
  };
})(self);
