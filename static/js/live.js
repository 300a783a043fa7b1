// Live: a page of an evening follows the table without a reload.
//
// About once a second, while the page is visible, the phone asks the server whether the
// evening changed (GET …/stand with the ETag it has: almost always a bodiless 304, see
// scorer/web/evening/live.py). On a change the sheet fetches itself again (X-Doko-Live: 1) and
// swaps in every element marked data-live-region, keeping the scroll position, open rows
// (<details> by id, with the breakdown panels.js fetched for them), horizontal scrolling,
// focus and anything typed. The entry form instead
// says when the game it is for was entered meanwhile on another phone, and makes sure the
// next tap on Speichern is a decision. Nothing is computed here: the server's pages say it.
//
// A page that is no evening but follows one the same way (data-live-page="page": a club
// table's page waiting for its round) swaps its regions too, and keeps nothing on the phone.
//
// Other scripts listen to the events on document: doko:online, doko:offline, doko:slow and
// doko:fast (the server answers, but late: a busy WLAN is not offline), doko:changed
// (detail: the server's {version, games, closed}), doko:swapped, doko:gone; and may ask
// window.DokoLive for the state.
(function () {
  "use strict";
  var body = document.body;
  var pollUrl = body.getAttribute("data-live-poll");
  if (!pollUrl) { return; }

  var FAST = 1000;      // ms between checks while online: a change shows within 2 s
  var OFFLINE = 2500;   // ms between checks while offline
  var SLOW = 5000;      // an answer that takes longer: the server is slow, not gone
  var GIVE_UP = 15000;  // no answer after this long: no server (offline)

  var evening = body.getAttribute("data-evening");
  var runde = body.getAttribute("data-runde");
  var page = body.getAttribute("data-live-page");
  var version = body.getAttribute("data-live-version");
  var games = parseInt(body.getAttribute("data-live-games"), 10) || 0;
  var confirmed = new Date(body.getAttribute("data-live-stamp"));
  if (isNaN(confirmed.getTime())) { confirmed = new Date(); }
  var copy = body.hasAttribute("data-offline-copy");
  // Only a device that remembers the Runde by this link keeps what it saw (the record holds
  // the link); a lent phone keeps nothing, and forgets what an earlier visit left.
  var keep = body.hasAttribute("data-keep");
  var online = null;   // unknown until the first check
  var slow = false;    // a request has been waiting longer than SLOW
  var waiting = 0;     // requests under way that went slow
  var failures = 0;
  var gone = false;
  var busy = false;
  var timer = null;
  var pending = false; // a change waits until the user leaves the field they type in

  function emit(name, detail) {
    document.dispatchEvent(new CustomEvent("doko:" + name, { detail: detail || {} }));
  }

  function remember() {
    if (!window.DokoStore || !keep || page === "page") { return; }
    window.DokoStore.saw({ evening: evening, runde: runde, version: version, games: games,
                           confirmed: confirmed.getTime() })["catch"](function () {});
  }

  function reached() {
    failures = 0;
    confirmed = new Date();
    if (online !== true) {
      online = true;
      emit("online");
    }
  }

  // A busy WLAN is slow, not gone: an answer that takes long says "langsam" (doko:slow)
  // and is waited for; only no answer at all (a failed request, or none after GIVE_UP)
  // means offline. doko:fast: the slow answers came.
  function wentSlow() {
    waiting += 1;
    if (!slow) {
      slow = true;
      emit("slow");
    }
  }

  function answered(wasSlow) {
    if (wasSlow) { waiting -= 1; }
    if (slow && waiting <= 0) {
      slow = false;
      waiting = 0;
      emit("fast");
    }
  }

  function lost(error, gaveUp) {
    failures += gaveUp ? 2 : 1;  // waited GIVE_UP for nothing: that is no server
    if (online === false) { return; }
    if (online === null || failures >= 2 || navigator.onLine === false) {
      online = false;
      remember();
      emit("offline", { confirmed: confirmed });
    }
  }

  function schedule() {
    clearTimeout(timer);
    if (gone || document.hidden) { return; }
    timer = setTimeout(check, online === false ? OFFLINE : FAST);
  }

  // A request to the server that says when it is slow and gives up only after GIVE_UP;
  // rejected with ``gaveUp`` set when it did.
  function timed(url, options) {
    var controller = new AbortController();
    var wasSlow = false;
    var gaveUp = false;
    var slowly = setTimeout(function () { wasSlow = true; wentSlow(); }, SLOW);
    var limit = setTimeout(function () { gaveUp = true; controller.abort(); }, GIVE_UP);
    options.signal = controller.signal;
    options.credentials = "same-origin";
    options.cache = "no-store";
    function settle() {
      clearTimeout(slowly);
      clearTimeout(limit);
      answered(wasSlow);
    }
    return fetch(url, options).then(function (response) {
      settle();
      return response;
    }, function (error) {
      settle();
      throw { error: error, gaveUp: gaveUp };
    });
  }

  function failed(reason) { lost(reason, !!(reason && reason.gaveUp)); }

  function check() {
    if (busy || gone) { return; }
    busy = true;
    timed(pollUrl, { headers: { "If-None-Match": "\"" + version + "\"" } })
      .then(function (response) {
        if (response.status === 304) {
          reached();
          if (judgeNext) { judgeNext = false; judgeEntry({ games: games, closed: closedKnown }); }
          return null;
        }
        if (response.status === 404) { gone = true; emit("gone"); return null; }
        if (!response.ok) { return null; }  // the server has trouble: ask again later
        reached();
        return response.json().then(changed);
      }, failed)
      .then(done, done);
  }

  function done() {
    busy = false;
    schedule();
  }

  function changed(data) {
    games = data.games;
    closedKnown = !!data.closed;
    judgeNext = false;   // the news is judged as it comes
    emit("changed", data);
    if (page === "sheet" || page === "page") { return refresh(data.version); }
    version = data.version;
    remember();
    return null;
  }

  // ------------------------------------------------------------------ the sheet

  function typing() {
    var el = document.activeElement;
    return !!(el && el.closest("[data-live-region]") &&
              el.matches("input:not([type=checkbox]):not([type=radio]), select, textarea"));
  }

  // What changed, said once and politely to a screen reader ("Spiel 13 eingetragen"): the
  // swapped rows themselves are not a live region, or a whole sheet would be read out.
  var shownGames = games;
  var told = null;
  if (page === "sheet") {
    told = document.createElement("p");
    told.className = "visually-hidden";
    told.setAttribute("role", "status");
    told.setAttribute("data-live-told", "");
    body.appendChild(told);
  }

  function tell(now) {
    var words = window.DokoWords;
    if (!told || !words) { return; }
    told.textContent = now > shownGames ? words.say("live.told.new", { number: now })
      : words.say("live.told.changed");
    shownGames = now;
  }

  function refresh(newVersion) {
    if (typing()) { pending = true; return null; }
    return timed(evening, { headers: { "X-Doko-Live": "1" } }).then(function (response) {
      if (response.status === 404) { gone = true; emit("gone"); return; }
      if (!response.ok) { return; }
      return response.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (!swap(doc)) { return; }
        version = doc.body.getAttribute("data-live-version") || newVersion;
        games = parseInt(doc.body.getAttribute("data-live-games"), 10) || games;
        tell(games);
        remember();
        emit("swapped", { version: version, games: games });
      });
    }, failed);
  }

  document.addEventListener("focusout", function () {
    if (!pending) { return; }
    setTimeout(function () {
      if (pending && !typing()) { pending = false; refresh(version); }
    }, 0);
  });

  // A name for an element that finds its counterpart in the fetched page: its id, its
  // row's id, its form field, else its tag, classes and place (and a <details>' summary).
  function keyOf(el, region) {
    if (el.id) { return "#" + el.id; }
    if (el.matches("summary") && el.parentNode.id) { return "summary#" + el.parentNode.id; }
    var name = el.getAttribute("name");
    if (name) {
      var form = el.closest("form");
      return "[name]|" + (form ? form.getAttribute("action") : "") + "|" + name + "|" +
        (el.type === "radio" || el.type === "checkbox" ? el.value : "");
    }
    var classes = (el.getAttribute("class") || "").trim();
    var selector = el.tagName.toLowerCase() + (classes ? "." + classes.split(/\s+/).join(".") : "");
    var label = summaryText(el);
    var same = Array.prototype.filter.call(region.querySelectorAll(selector), function (other) {
      return !other.id && summaryText(other) === label;
    });
    return selector + "|" + label + "|" + same.indexOf(el);
  }

  function summaryText(el) {
    var summary = el.tagName === "DETAILS" ? el.querySelector("summary") : null;
    return summary ? summary.textContent.trim() : "";
  }

  function find(key, regions) {
    if (key.charAt(0) === "#") { return document.getElementById(key.slice(1)); }
    if (key.indexOf("summary#") === 0) {
      var row = document.getElementById(key.slice(8));
      return row && row.querySelector("summary");
    }
    var selector = key.indexOf("[name]|") === 0 ? "[name]" : key.split("|")[0];
    for (var i = 0; i < regions.length; i += 1) {
      var candidates = regions[i].querySelectorAll(selector);
      for (var j = 0; j < candidates.length; j += 1) {
        if (keyOf(candidates[j], regions[i]) === key) { return candidates[j]; }
      }
    }
    return null;
  }

  function edited(el) {
    if (el.type === "checkbox" || el.type === "radio") { return el.checked !== el.defaultChecked; }
    if (el.tagName === "SELECT") {
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    return el.type !== "hidden" && el.value !== el.defaultValue;
  }

  function swap(doc) {
    var olds = Array.prototype.slice.call(document.querySelectorAll("[data-live-region][id]"));
    var pairs = olds.map(function (old) { return [old, doc.getElementById(old.id)]; })
      .filter(function (pair) { return pair[1] && pair[1].hasAttribute("data-live-region"); });
    if (!pairs.length) { return false; }

    var anchors = anchorsIn(pairs.map(function (pair) { return pair[0]; }));
    var open = [];
    var scrolled = [];
    var values = [];
    var focused = null;
    var active = document.activeElement;
    pairs.forEach(function (pair) {
      var region = pair[0];
      region.querySelectorAll("details[open]").forEach(function (d) {
        // A breakdown fetched on demand (panels.js) stays in place until it is fetched anew.
        var words = d.querySelector("[data-panel-body][data-panel-loaded]");
        open.push([keyOf(d, region), words ? words.innerHTML : null]);
      });
      region.querySelectorAll("*").forEach(function (el) {
        if (el.scrollLeft > 0) { scrolled.push([keyOf(el, region), el.scrollLeft]); }
      });
      region.querySelectorAll("input, select, textarea").forEach(function (el) {
        if (edited(el)) {
          values.push([keyOf(el, region), el.type === "checkbox" || el.type === "radio"
            ? el.checked : el.tagName === "SELECT" ? el.selectedIndex : el.value]);
        }
      });
      if (active && region.contains(active)) { focused = keyOf(active, region); }
    });

    var fresh = pairs.map(function (pair) {
      var node = document.importNode(pair[1], true);
      pair[0].replaceWith(node);
      return node;
    });

    open.forEach(function (entry) {
      var d = find(entry[0], fresh);
      if (!d) { return; }
      var words = entry[1] !== null && d.querySelector("[data-panel-body]");
      if (words) { words.innerHTML = entry[1]; }
      d.open = true;
    });
    values.forEach(function (entry) {
      var el = find(entry[0], fresh);
      if (!el) { return; }
      if (el.type === "checkbox" || el.type === "radio") { el.checked = entry[1]; }
      else if (el.tagName === "SELECT") { el.selectedIndex = entry[1]; }
      else { el.value = entry[1]; }
    });
    scrolled.forEach(function (entry) {
      var el = find(entry[0], fresh);
      if (el) { el.scrollLeft = entry[1]; }
    });
    if (focused) {
      var target = find(focused, fresh);
      if (target) { target.focus({ preventScroll: true }); }
    }
    // What was in view stays where it was, whatever changed height above it.
    for (var i = 0; i < anchors.length; i += 1) {
      var now = document.getElementById(anchors[i][0]);
      if (now) {
        window.scrollBy(0, now.getBoundingClientRect().top - anchors[i][1]);
        break;
      }
    }
    return true;
  }

  // What the eye is on, best first, as (id, top): an opened row in view (a breakdown being
  // read), then the element that starts highest on the screen, then the smallest one that
  // covers it. A row that is gone from the new sheet (deleted) leaves the next to hold on to.
  function anchorsIn(regions) {
    var view = window.innerHeight;
    var opened = [];
    var starting = [];
    var covering = [];
    regions.forEach(function (region) {
      region.querySelectorAll("[id]").forEach(function (el) {
        var box = el.getBoundingClientRect();
        if (!box.height || box.bottom <= 0 || box.top >= view) { return; }
        var entry = { id: el.id, top: box.top, height: box.height };
        if (el.tagName === "DETAILS" && el.open) { opened.push(entry); }
        (box.top >= 0 ? starting : covering).push(entry);
      });
    });
    starting.sort(function (a, b) { return a.top - b.top; });
    covering.sort(function (a, b) { return a.height - b.height; });
    return opened.concat(starting, covering).map(function (entry) { return [entry.id, entry.top]; });
  }

  // ------------------------------------------------------------------ the entry form

  var entryNumber = parseInt(body.getAttribute("data-live-entry"), 10);
  var keyInput = document.querySelector("input[name=entry_key]");
  var form = keyInput ? keyInput.closest("form") : null;
  var notice = null;
  var askedFor = null;   // the number the notice offers; a tap on Speichern must see it
  var accepted = null;

  var managed = false;     // offline.js keeps the form's number (``entering``)
  var closedKnown = false;
  var judgeNext = false;   // the next check judges the form even if nothing changed

  function entryChanged(event) {
    judgeEntry(event.detail);
  }

  function judgeEntry(data) {
    if (!form || !entryNumber || copy) { return; }
    var now = data.games + 1;
    if (now === entryNumber && !data.closed) {
      if (notice) { notice.hidden = true; }
      askedFor = null;
      saving(true);
      return;
    }
    var store = window.DokoStore;
    if (managed && !data.closed && store) {
      // Games kept on this phone come before the form's (on their way, or waiting for the
      // table to decide on them): fewer games than it counts are theirs to explain, and a
      // game taken elsewhere is theirs to meet first - once they are sent or discarded, the
      // check after them judges again. Only a number at or past the form's is news for it;
      // then it would come after the sheet's games and the ones here.
      store.waiting(evening).then(function (items) {
        if (!items.length) { showNotice(now, data.closed); }
        else if (now > entryNumber) { showNotice(data.games + items.length + 1, data.closed); }
      })["catch"](function () { showNotice(now, data.closed); });
      return;
    }
    showNotice(now, data.closed);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text) { node.textContent = text; }
    return node;
  }

  // A closed evening takes no game: its Speichern is off while the notice says so (a
  // button that does nothing is worse than none), on again if it is reopened.
  function saving(on) {
    form.querySelectorAll("button[type=submit], input[type=submit], button:not([type])")
      .forEach(function (button) {
        if (on && button.hasAttribute("data-closed-off")) {
          button.disabled = false;
          button.removeAttribute("data-closed-off");
        } else if (!on && !button.disabled) {
          button.disabled = true;
          button.setAttribute("data-closed-off", "");
        }
      });
  }

  // The notice goes above the form and pushes it down: the field being typed in would slip
  // under the sticky save bar or off the screen. It is brought back into view, just above
  // the bar (scroll-padding, entry.js), as little as that takes (WCAG 2.4.11, issue 39).
  function showNotice(now, closed) {
    var focused = document.activeElement;
    drawNotice(now, closed);
    if (!focused || focused === document.body || !form.contains(focused)) { return; }
    var shown = (focused.closest && focused.closest("label")) || focused;
    var box = shown.getBoundingClientRect();
    var bottom = window.innerHeight;
    var bar = form.querySelector("[data-savebar]");
    if (bar && getComputedStyle(bar).position === "sticky") {
      bottom = Math.min(bottom, bar.getBoundingClientRect().top);
    }
    if (box.top < 0 || box.bottom > bottom) { shown.scrollIntoView({ block: "nearest" }); }
  }

  function drawNotice(now, closed) {
    var words = window.DokoWords;
    if (!notice) {
      notice = el("section", "card conflict live-notice");
      notice.setAttribute("role", "alert");
      notice.setAttribute("tabindex", "-1");
      form.parentNode.insertBefore(notice, form);
    }
    notice.textContent = "";
    notice.hidden = false;
    var sheetLink = el("a", "button", words.say("live.discard"));
    sheetLink.href = evening;
    if (closed) {
      var club = body.hasAttribute("data-club-table");
      notice.appendChild(el("h2", "", words.say(club ? "live.closed.club.title"
                                                      : "live.closed.title")));
      notice.appendChild(el("p", "", words.say(club ? "live.closed.club.text"
                                                     : "live.closed.text")));
      sheetLink.textContent = words.say("live.to_sheet");
      notice.appendChild(el("p", "tools")).appendChild(sheetLink);
      askedFor = -1;
      saving(false);
      return;
    }
    saving(true);
    var numbers = { number: entryNumber, now: now };
    var taken = now > entryNumber;
    notice.appendChild(el("h2", "", words.say(taken ? "live.taken.title" : "live.moved.title",
                                              numbers)));
    notice.appendChild(el("p", "", words.say(taken ? "live.taken.text" : "live.moved.text",
                                             numbers)));
    if (form.querySelector("[data-players]")) {
      notice.appendChild(el("p", "hint", words.say("live.players", numbers)));
    }
    var save = el("button", "button button--primary", words.say("live.save_as", numbers));
    save.type = "button";
    save.addEventListener("click", function () {
      accepted = now;
      // The table decided: the form now enters game ``now`` (and only that game: should a
      // third phone be faster still, the server says so again).
      var drawn = form.querySelector("input[name=game_number]");
      if (drawn) { drawn.value = String(now); }
      if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
    });
    var tools = notice.appendChild(el("p", "tools"));
    tools.appendChild(save);
    tools.appendChild(sheetLink);
    askedFor = now;
  }

  if (form && entryNumber) {
    document.addEventListener("doko:changed", entryChanged);
    // Saving while the number moved on is a decision, made in the notice.
    form.addEventListener("submit", function (event) {
      if (askedFor === null || askedFor === accepted) { return; }
      event.preventDefault();
      event.stopImmediatePropagation();
      notice.scrollIntoView({ block: "start" });
      notice.focus({ preventScroll: true });
    });
  }

  // ------------------------------------------------------------------ start

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); } else { check(); }
  });
  window.addEventListener("online", check);
  window.addEventListener("offline", function () { failures = 1; lost(null, false); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { check(); } });

  window.DokoLive = {
    online: function () { return online; },
    slow: function () { return slow; },
    confirmed: function () { return confirmed; },
    games: function () { return games; },
    version: function () { return version; },
    copy: copy,
    // ``judge``: the entry form is judged by the answer even if nothing changed (after the
    // games kept on this phone were sent or discarded).
    checkNow: function (judge) { if (judge) { judgeNext = true; } clearTimeout(timer); check(); },
    // The form now enters game ``n``: offline.js counts it from the games kept on this phone
    // (doko:entering tells draft.js).
    entering: function (n) {
      managed = true;
      entryNumber = n;
      emit("entering", { number: n });
    }
  };

  // A copy the phone kept may be old: ask at once. The seen record may know a later time
  // at which this very state was still current.
  if (copy && window.DokoStore) {
    window.DokoStore.seen(evening).then(function (record) {
      if (record && record.version === version && record.confirmed > confirmed.getTime()) {
        confirmed = new Date(record.confirmed);
      }
    })["catch"](function () {}).then(check);
  } else if (copy) {
    check();
  } else {
    if (!keep && window.DokoStore && page !== "page") {
      var link = evening.replace(/abend\/[^\/]+\/$/, "");
      window.DokoStore.forgetLink(link)["catch"](function () {});
    }
    remember();
    schedule();
  }
})();
