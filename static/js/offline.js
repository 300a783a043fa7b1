// Offline: the phone keeps working when the server cannot be reached.
//
// * The page says so: "offline – Stand von 21:14", the last time it knew the sheet was
//   current (live.js finds out; a page the service worker kept is marked as a copy).
// * A new game saved without a connection is kept on the phone (IndexedDB, store.js) with
//   its one-time entry key, the entry form's fields and the number it has on this phone's
//   sheet, and listed on the sheet: "2 Spiele warten auf Verbindung".
// * When the server answers again, the waiting games are sent in order, with no tap
//   (POST …/nachtragen, scorer/web/evening/sync.py). The server's core is the authority: it checks
//   each game in its place and derives who played when the phone could not know. A game
//   whose number was taken meanwhile, or which the server refuses, stops the queue and is
//   shown with the other version: the table saves it as the next game or discards it.
// * A page that was offline saves its new games this way even once it is online again, so
//   a stale form never lands anywhere unchecked; other forms wait for a connection.
(function () {
  "use strict";
  var body = document.body;
  var evening = body.getAttribute("data-evening");
  var store = window.DokoStore;
  var live = window.DokoLive;
  var words = window.DokoWords;
  if (!evening || !store || !live || !words) { return; }

  var page = body.getAttribute("data-live-page");
  var syncUrl = body.getAttribute("data-sync");
  var entryUrl = body.getAttribute("data-entry-url");
  var runde = body.getAttribute("data-runde");
  var entryNumber = parseInt(body.getAttribute("data-live-entry"), 10) || null;
  var keyInput = document.querySelector("input[name=entry_key]");
  var form = page === "entry" && keyInput ? keyInput.closest("form") : null;
  var FILL = "doko-fill";   // sessionStorage: the waiting game to open in the form
  var REFILL = "doko-refill";  // sessionStorage: a corrected waiting game, until the server took it

  // ------------------------------------------------------------------ what the page shows

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text) { node.textContent = text; }
    return node;
  }

  var main = document.querySelector("main") || body;
  var ui = el("div", "offline-ui");
  main.insertBefore(ui, main.firstChild);
  var banner = ui.appendChild(el("p", "offline-banner"));
  banner.setAttribute("role", "status");
  banner.hidden = true;
  var panel = ui.appendChild(el("section", "card waiting"));
  panel.hidden = true;
  var blocked = ui.appendChild(el("section", "card conflict waiting__conflict"));
  blocked.setAttribute("role", "alert");
  blocked.hidden = true;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  // "offline – Stand von 21:14", or of another day "… vom 28.11. 21:14".
  function asOf(date) {
    var now = new Date();
    var time = pad(date.getHours()) + ":" + pad(date.getMinutes());
    if (date.toDateString() === now.toDateString()) {
      return words.say("offline.as_of.today", { time: time });
    }
    return words.say("offline.as_of.day", { day: pad(date.getDate()),
                                            month: pad(date.getMonth() + 1), time: time });
  }

  function showOffline(extra, title) {
    banner.textContent = "";
    banner.appendChild(el("strong", "", title || asOf(live.confirmed())));
    if (extra) { banner.appendChild(document.createTextNode(" " + extra)); }
    else if (syncUrl) {
      banner.appendChild(document.createTextNode(" " + words.say("offline.new_games_wait")));
    }
    banner.hidden = false;
  }

  function game(number) { return words.say("game", { number: number }); }

  // A slow server is not gone: the page says so where it takes no room from the form (in
  // the save bar, else the banner), and nothing goes to the phone's queue because of it.
  var savebar = document.querySelector("[data-savebar]");
  var slowLine = null;


  function slowNote(on, said) {
    if (on && !slowLine) {
      // In the save bar, or over the bottom of the screen: nothing on the page moves.
      slowLine = savebar ? savebar.insertBefore(el("p", "savebar__note"), savebar.firstChild)
        : body.appendChild(el("p", "slow-note"));
      slowLine.setAttribute("role", "status");
    }
    if (on) {
      slowLine.textContent = said || words.say("offline.slow");
    } else if (slowLine) {
      slowLine.remove();
      slowLine = null;
    }
  }

  // The sheet's "Spiel N eintragen" and "Nächstes Spiel" as the server drew them, while
  // they count the waiting games too.
  var counted = [];

  function count(node, coming) {
    counted = counted.filter(function (c) { return c.node.isConnected; });
    if (!node) { return; }
    if (!counted.some(function (c) { return c.node === node; })) {
      counted.push({ node: node, text: node.textContent });
    }
    node.textContent = node.textContent.replace(/[0-9]+/, coming);
  }

  function uncount() {
    counted.forEach(function (c) { c.node.textContent = c.text; });
    counted = [];
    showAhead(0);
  }

  // The games the sheet has, as far as this phone knows: the page's count, or a later one
  // it saw (a kept copy may be older than what the phone knew when it went offline).
  function known() {
    return store.seen(evening).then(function (seen) {
      var games = live.games();
      if (seen && store.compare(seen.version, live.version()) > 0) { games = seen.games; }
      return games;
    }, function () { return live.games(); });
  }

  // Waiting games that come before a new one. One sent while the server was slow may be
  // stored already: it counts only while the sheet does not reach its number.
  function ahead(items, games) {
    return items.filter(function (item) { return !(item.sent && item.number <= games); });
  }

  // The status shows the game after the waiting ones: its dealer, players and Bock as the
  // server worked them out while it could (sheet.html's templates), where every waiting
  // game surely moves the dealer on; else it says when they are known.
  function showAhead(later, waiting) {
    var list = document.querySelector(".status__list");
    if (!list) { return; }
    list.querySelectorAll("[data-ahead-row]").forEach(function (row) { row.remove(); });
    var own = list.querySelectorAll("[data-next-part]:not([data-ahead-row])");
    own.forEach(function (row) { row.hidden = !!later; });
    if (!later || !own.length) { return; }
    var movesOn = (list.getAttribute("data-moves-on") || "").split(" ");
    var sure = waiting.every(function (item) {
      var kind = item.fields.filter(function (pair) { return pair[0] === "kind"; })[0];
      return item.state === "waiting" && movesOn.indexOf(kind ? kind[1] : "normal") >= 0;
    });
    var template = (sure && list.querySelector("template[data-ahead='" + later + "']")) ||
      list.querySelector("template[data-ahead='unknown']");
    if (!template) { own.forEach(function (row) { row.hidden = false; }); return; }
    var rows = template.content.cloneNode(true);
    Array.prototype.forEach.call(rows.children, function (row) {
      row.setAttribute("data-ahead-row", "");
    });
    own[0].parentNode.insertBefore(rows, own[0]);
  }

  // ``stored``: games this phone just sent; the sheet's own numbers are behind them until
  // live.js draws it anew, so they are not put back.
  function render(stored) {
    return Promise.all([store.waiting(evening), known()]).then(function (found) {
      var items = found[0];
      var games = found[1];
      panel.textContent = "";
      blocked.textContent = "";
      panel.hidden = !items.length;
      blocked.hidden = true;
      if (!items.length) {
        if (stored) { counted = []; } else { uncount(); }
        return items;
      }
      // A game the table must decide on waits for the table, not for the connection; one
      // sent while the server was slow waits for its answer.
      var title = items.some(function (item) { return item.state !== "waiting"; })
        ? "offline.on_phone"
        : items.every(function (item) { return item.sent; }) ? "offline.unanswered"
          : "offline.waiting";
      panel.appendChild(el("h2", "", words.count(title, items.length)));
      panel.appendChild(el("p", "hint", words.count("offline.points_later", items.length)));
      var list = panel.appendChild(el("ul", "waiting__list"));
      items.forEach(function (item) {
        var said = item.state !== "waiting" ? "offline.item.unsettled"
          : item.sent ? "offline.item.sent" : "offline.item";
        list.appendChild(el("li", "", words.say(said, { number: item.number, text: item.text })));
      });
      if (items.some(function (item) { return item.sent; })) {
        panel.appendChild(el("p", "hint", words.say("offline.sent_slowly")));
      }
      if (items[0].state !== "waiting") { showConflict(items[0], items.length - 1); }
      // The sheet's "Spiel N eintragen" and "Nächstes Spiel" count the waiting games too,
      // and the status speaks of that game.
      // (Not while the sheet is behind the games just sent: live.js draws it anew.)
      if (stored) { return items; }
      var before = ahead(items, games);
      var coming = games + before.length + 1;
      count(entryUrl && document.querySelector("a[href=\"" + entryUrl + "\"]"), coming);
      count(document.querySelector("[data-next-number]"), coming);
      showAhead(before.length, before);
      return items;
    })["catch"](function () { return []; });
  }

  // ------------------------------------------------------------------ conflicts

  function line(label, text) {
    var p = el("p", "");
    p.appendChild(el("strong", "", label + " "));
    p.appendChild(document.createTextNode(text));
    return p;
  }

  function action(label, primary, run) {
    var button = el("button", "button" + (primary ? " button--primary" : ""), label);
    button.type = "button";
    button.addEventListener("click", function () {
      button.disabled = true;
      run();
    });
    return button;
  }

  function showConflict(item, behind) {
    var answer = item.answer || {};
    var tools = el("p", "tools");
    var numbers = { number: item.number, now: answer.now };
    var mine = words.say("offline.on_this_phone");
    if (item.state === "taken" && answer.theirs) {
      blocked.appendChild(el("h2", "", words.say("offline.taken.title", numbers)));
      blocked.appendChild(el("p", "", words.say("offline.taken.text", numbers)));
      blocked.appendChild(line(words.say("offline.on_sheet"), answer.theirs));
      blocked.appendChild(line(mine, answer.mine || item.text));
      blocked.appendChild(el("p", "hint", words.say("offline.taken.hint", numbers)));
    } else if (item.state === "taken") {
      blocked.appendChild(el("h2", "", words.say("offline.moved.title", numbers)));
      blocked.appendChild(el("p", "", words.say("offline.moved.text")));
      blocked.appendChild(line(mine, answer.mine || item.text));
    } else {
      blocked.appendChild(el("h2", "", words.say("offline.refused.title", numbers)));
      var reasons = blocked.appendChild(el("ul", "waiting__reasons"));
      (answer.lines || []).forEach(function (text) { reasons.appendChild(el("li", "", text)); });
      blocked.appendChild(line(mine, answer.mine || item.text));
    }
    if (item.state === "taken") {
      tools.appendChild(action(words.say("offline.save_next"), true, function () {
        item.state = "waiting";
        item.as_next = true;
        item.answer = null;
        store.put(item).then(sync);
      }));
    } else if (entryUrl) {
      tools.appendChild(action(words.say("offline.correct"), true, function () {
        sessionStorage.setItem(FILL, item.entry_key);
        location.assign(entryUrl);
      }));
    }
    tools.appendChild(action(words.say("offline.discard"), false, function () {
      store.waiting(evening).then(function (items) {
        var last = items[items.length - 1];
        return store.remove(item.entry_key).then(function () {
          // The form that counted on it enters its number now.
          if (last && last.entry_key === item.entry_key) { moveForm(item.number); }
        });
      }).then(sync).then(function () { live.checkNow(true); });
    }));
    blocked.appendChild(tools);
    if (behind) {
      blocked.appendChild(el("p", "hint", words.count("offline.behind", behind)));
    }
    blocked.hidden = false;
  }

  // ------------------------------------------------------------------ sending

  var syncing = null;

  function sync() {
    if (syncing) { return syncing; }
    var run = function () {
      return send()["catch"](function () { return 0; }).then(function (stored) {
        return render(stored);
      });
    };
    syncing = (navigator.locks ? navigator.locks.request("doko-sync", run) : run())
      .then(function (result) { syncing = null; return result; },
            function () { syncing = null; });
    return syncing;
  }

  function json(response) {
    var type = response.headers.get("Content-Type") || "";
    return type.indexOf("application/json") === 0 ? response.json() : Promise.resolve(null);
  }

  function token(url) {
    return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status === 403) { return { refused: words.say("offline.read_only") }; }
      return r.ok ? r.json() : null;
    });
  }

  // Send the evening's waiting games in order; stop at the first one the table must decide.
  function send() {
    return store.waiting(evening).then(function (items) {
      if (!items.length || items[0].state !== "waiting") { return 0; }
      return token(items[0].sync).then(function (csrf) {
        if (!csrf) { return 0; }
        var stored = 0;
        var i = 0;
        function next() {
          if (i >= items.length || items[i].state !== "waiting") { return stored; }
          var item = items[i];
          if (csrf.refused) { return block(item, "refused", { lines: [csrf.refused] }); }
          return post(item, csrf.csrf_token).then(function (outcome) {
            if (outcome.done) {
              stored += 1;
              i += 1;
              if (i === items.length) { moveForm(outcome.number + 1); }
              return store.remove(item.entry_key).then(function () {
                return renumber(items.slice(i), outcome.shift);
              }).then(next);
            }
            if (outcome.state) { return block(item, outcome.state, outcome.answer); }
            return stored;   // no connection or trouble: the next check tries again
          });
        }
        return next();
      });
    }).then(function (stored) {
      if (stored) { live.checkNow(true); }
      return stored;
    });
  }

  function block(item, state, answer) {
    item.state = state;
    item.answer = answer;
    return store.put(item).then(function () { return 0; });
  }

  // A game saved as the next one landed elsewhere than its number: the games entered after
  // it on this phone follow it.
  function renumber(items, shift) {
    if (!shift) { return null; }
    return Promise.all(items.map(function (item) {
      item.number += shift;
      return store.put(item);
    }));
  }

  function post(item, csrf) {
    return fetch(item.sync, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ entry_key: item.entry_key, number: item.number,
                             fields: item.fields, as_next: !!item.as_next })
    }).then(function (response) {
      return json(response).then(function (answer) {
        if (answer && (answer.result === "stored" || answer.result === "already")) {
          return { done: true, number: answer.number,
                   shift: item.as_next ? answer.number - item.number : 0 };
        }
        if (answer && answer.result === "taken") { return { state: "taken", answer: answer }; }
        if (answer && (answer.result === "refused" || answer.result === "invalid")) {
          return { state: "refused", answer: answer };
        }
        if (response.status === 403) {
          return { state: "refused",
                   answer: { lines: [words.say("offline.read_only")] } };
        }
        return {};
      });
    }, function () { return {}; });
  }

  // ------------------------------------------------------------------ entering offline

  var viaPhone = live.copy;     // once offline, this page keeps new games on the phone first
  var savingTimer = null;
  // Back from the next page (the browser kept this one): nothing is being saved.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    clearTimeout(savingTimer);
    slowNote(false);
  });
  var dirty = false;
  var note = null;

  // The waiting game in one line, in the words the server's history uses for it
  // (scorer/web/pages/display.py facts_text), from the form's visible choices: everything the
  // table entered, announcements and Sonderpunkte included.
  function describe() {
    var parts = [];
    var kind = form.querySelector("input[name=kind]:checked");
    var k = kind ? kind.value : "normal";
    parts.push(kind ? labelOf(kind) : words.say("offline.normal"));
    var solo = form.querySelector("input[name=solo]:checked");
    if (k === "solo" && solo) { parts[0] = labelOf(solo); }
    var eachEyes = Array.prototype.filter.call(form.querySelectorAll("input[name^=eyes_]"),
      function (input) { return k === "hammelrennen" && input.value.trim(); });
    if (eachEyes.length) {
      parts.push(eachEyes.map(function (input) {
        return labelOf(input) + " " + input.value.trim();
      }).join(" · "));
    }
    var reBoxes = Array.prototype.slice.call(form.querySelectorAll("input[name=re]:checked"));
    var re = reBoxes.map(labelOf);
    if (re.length && k !== "hammelrennen" && k !== "redeal") { parts.push("Re " + re.join(", ")); }
    var caller = form.querySelector("input[name=caller]:checked");
    var called = caller ? reBoxes.map(function (b) { return b.value; }).indexOf(caller.value) : -1;
    if (called >= 0 && re.length === 2 && (k === "armut" || k === "hochzeit")) {
      var other = re[1 - called];
      parts.push(words.say(k === "armut" ? "offline.armut" : "offline.hochzeit",
                           { caller: labelOf(caller), other: other }));
    }
    var eyes = form.querySelector("[name=re_eyes]");
    if (eyes && eyes.value.trim() && k !== "hammelrennen" && k !== "redeal") {
      parts.push(words.say("offline.eyes", { eyes: eyes.value.trim() }));
    }
    if (k === "hammelrennen" || k === "redeal") { return parts.join(" · "); }
    ["re", "kontra"].forEach(function (party) {
      var said = form.querySelector("input[name=announced_" + party + "]:checked");
      if (said && said.value === "ansage") {
        parts.push(words.say("offline.announced", { party: PARTY[party] }));
      }
      else if (said && said.value !== "none") { parts.push(PARTY[party] + ": " + labelOf(said)); }
    });
    ["re", "kontra"].forEach(function (party) {
      var doppelt = form.querySelector("[name=doppelt_" + party + "]");
      if (doppelt && parseInt(doppelt.value, 10) > 0) {
        parts.push(words.say("offline.doppelt", { party: PARTY[party],
                                                   count: parseInt(doppelt.value, 10) }));
      }
    });
    ["re", "kontra"].forEach(function (party) {
      form.querySelectorAll("[name^=extras_" + party + "_]").forEach(function (input) {
        var count = parseInt(input.value, 10);
        if (input.disabled || !(count > 0)) { return; }
        var name = labelOf(input).replace(/ (Re|Kontra)$/, "");
        parts.push(name + " (" + PARTY[party] + ") " + count);
      });
    });
    var answer = form.querySelector("input[name=trickless]:checked:not(:disabled)");
    var zero = eyes && { "0": "re", "240": "kontra" }[eyes.value.trim()];
    if (answer && zero && answer.value === zero) {
      parts.push(words.say("offline.schwarz", { party: PARTY[zero] }));
    } else if (answer && zero && answer.value === "none") {
      parts.push(words.say("offline.trick", { party: PARTY[zero] }));
    }
    var bock = form.querySelector("input[name=manual_bock]:checked");
    if (bock) { parts.push(words.say("offline.bock")); }
    return parts.join(" · ");
  }

  var PARTY = { re: "Re", kontra: "Kontra" };

  function labelOf(input) {
    var label = input.closest("label") || (input.labels && input.labels[0]) ||
      (input.id && form.querySelector("label[for='" + input.id + "']"));
    return label ? label.textContent.trim() : input.value;
  }

  function playerBoxes() {
    return form.querySelectorAll("input[name=players]");
  }

  // Who plays in the game after a waiting one depends on the rotation, which only the
  // server knows: the phone leaves it open unless someone taps four players.
  function leavePlayersOpen() {
    if (!playerBoxes().length || form.hasAttribute("data-players-auto")) { return; }
    form.setAttribute("data-players-auto", "");
    playerBoxes().forEach(function (box) { box.checked = false; box.defaultChecked = false; });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function fields() {
    var out = [];
    var open = form.hasAttribute("data-players-auto") &&
      !form.querySelector("input[name=players]:checked");
    new FormData(form).forEach(function (value, name) {
      if (name === "csrf_token" || name === "entry_key" || name === "revision" ||
          name === "game_number" ||
          name.indexOf("doko_") === 0 || (open && name === "players")) { return; }
      out.push([name, String(value)]);
    });
    return out;
  }

  // The number a new game gets: after the sheet's games and the ones waiting here.
  function nextNumber() {
    return Promise.all([store.waiting(evening), known()]).then(function (found) {
      return found[1] + ahead(found[0], found[1]).length + 1;
    });
  }

  function showNote(number) {
    if (!note) {
      note = el("section", "card notice offline-note");
      note.setAttribute("role", "status");
      form.parentNode.insertBefore(note, form);
    }
    note.textContent = "";
    note.hidden = false;
    note.appendChild(el("h2", "", words.say("offline.note.title", { number: number })));
    note.appendChild(el("p", "", words.say("offline.note.text")));
    if (form.hasAttribute("data-players-auto")) {
      note.appendChild(el("p", "hint", words.say("offline.players_auto")));
    }
  }

  var offlineMark = null;   // "ohne Verbindung" in the heading, while it is so
  var formNumber = null;    // the game this form enters, once it counts the kept games

  function offlineEntry() {
    viaPhone = true;
    return nextNumber().then(function (number) {
      formNumber = number;
      live.entering(number);
      if (live.copy || number !== entryNumber) {
        leavePlayersOpen();
        // The heading named the game, dealer and Bock of the page as it was kept.
        var heading = main.querySelector("h1");
        if (heading) {
          heading.textContent = game(number) + " ";
          offlineMark = heading.appendChild(el("span", "subtle", words.say("offline.mark")));
        }
      }
      showNote(number);
      return number;
    });
  }

  // Games still on this phone (waiting to be sent, or for the table to decide on them) come
  // first: a new game is entered behind them, under the number after them, and sent after
  // them - never under a number one of them is waiting for.
  function behindWaiting() {
    return Promise.all([store.waiting(evening), nextNumber()]).then(function (found) {
      var items = found[0];
      var number = found[1];
      // (None, or only sent ones the sheet has already: the form is the server's.)
      if (!items.length || viaPhone || number === entryNumber) { return formNumber || entryNumber; }
      viaPhone = true;
      formNumber = number;
      live.entering(number);
      leavePlayersOpen();
      var heading = main.querySelector("h1");
      if (heading) { heading.textContent = game(number); }
      var behind = el("section", "card notice offline-note");
      behind.setAttribute("role", "status");
      behind.appendChild(el("h2", "", words.say("offline.behind.title", { number: number })));
      behind.appendChild(el("p", "", words.count("offline.behind.text", items.length, {
        games: items.map(function (item) { return game(item.number); }).join(", ") })));
      behind.appendChild(el("p", "hint", words.say("offline.players_auto")));
      form.parentNode.insertBefore(behind, form);
      return number;
    })["catch"](function () { return entryNumber; });   // no IndexedDB: nothing waits here
  }

  // The kept games were stored under other numbers, or the last one was discarded: this
  // form enters game ``number`` now (live.js judges the sheet's count against it).
  function moveForm(number) {
    if (formNumber === null || number === formNumber) { return; }
    formNumber = number;
    live.entering(number);
    var heading = main.querySelector("h1");
    if (heading) {
      heading.textContent = game(number) + " ";
      if (offlineMark) { heading.appendChild(offlineMark); }
    }
  }

  function keep() {
    return Promise.all([nextNumber(), store.get(keyInput.value)]).then(function (found) {
      // A kept copy of the form carries an old key; a second game on this page a used one.
      var key = live.copy || found[1] ? store.uuid() : keyInput.value;
      var item = { entry_key: key, evening: evening, sync: syncUrl, runde: runde,
                   number: found[0], fields: fields(), text: describe() };
      return store.add(item).then(function () {
        document.dispatchEvent(new CustomEvent("doko:kept", { detail: item }));
        keyInput.value = store.uuid();
        if (navigator.storage && navigator.storage.persist) {
          navigator.storage.persist()["catch"](function () {});
        }
        return item;
      });
    });
  }

  function afterKeeping(item) {
    return dropFilled().then(function () {
      if (live.online()) { return sync().then(function () { location.assign(evening); }); }
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        location.assign(evening);   // the kept sheet, now listing the waiting game
        return null;
      }
      // No service worker (plain http in the LAN): the next game on this very page.
      form.reset();
      keyInput.value = store.uuid();
      form.setAttribute("data-players-auto", "");
      playerBoxes().forEach(function (box) { box.checked = false; box.defaultChecked = false; });
      form.dispatchEvent(new Event("change", { bubbles: true }));
      dirty = false;
      return render().then(function () { return offlineEntry(); }).then(function () {
        note.insertBefore(el("p", "", words.say("offline.kept", { number: item.number })),
                          note.firstChild.nextSibling);
        window.scrollTo(0, 0);
      });
    });
  }

  // "Im Formular korrigieren": the waiting game's fields in this form; saved from here, it
  // leaves the queue (the form has it now).
  var filled = null;
  var filledItem = null;

  // A corrected game the server refuses again must not be lost: it leaves the queue only
  // when the form is sent, so its copy waits in sessionStorage and goes back into the queue
  // (in its old place) if the answer is the form with its errors, not the sheet.
  function backRefused() {
    var raw = sessionStorage.getItem(REFILL);
    if (!raw) { return; }
    sessionStorage.removeItem(REFILL);
    if (!form || !syncUrl || !document.querySelector(".field--invalid, .flash--error")) { return; }
    var item = JSON.parse(raw);
    store.put(item).then(function () { filled = item.entry_key; filledItem = item; })
      ["catch"](function () {});
  }

  function dropFilled() {
    var key = filled;
    filled = null;
    return key ? store.remove(key)["catch"](function () {}) : Promise.resolve();
  }

  function fillFromWaiting() {
    var key = sessionStorage.getItem(FILL);
    if (!key) { return; }
    sessionStorage.removeItem(FILL);
    form.setAttribute("data-filling", "");   // (draft.js leaves the form to this)
    store.get(key).then(function (item) {
      if (!item || item.evening !== evening) { return; }
      filled = key;
      filledItem = item;
      var chosen = {};
      item.fields.forEach(function (pair) { (chosen[pair[0]] = chosen[pair[0]] || []).push(pair[1]); });
      if (!chosen.players) { leavePlayersOpen(); }
      Array.prototype.forEach.call(form.elements, function (control) {
        var values = chosen[control.name];
        var kept = control.type === "hidden" && !control.hasAttribute("data-stepper");
        if (!control.name || kept || control.type === "submit" ||
            control.type === "button" || (control.name === "players" && !values)) { return; }
        if (control.type === "checkbox" || control.type === "radio") {
          control.checked = !!values && values.indexOf(control.value) >= 0;
        } else if (values) {
          control.value = values[0];
        }
      });
      form.dispatchEvent(new Event("change", { bubbles: true }));
    })["catch"](function () {});
  }

  if (form && entryNumber && syncUrl) {
    form.addEventListener("input", function () { dirty = true; });
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) { return; }
      if (!viaPhone && live.online() !== false) {
        // Online: the server's own form path. Should the connection break during this very
        // request, the service worker keeps the game (it reads these two fields).
        hidden("doko_number", String(entryNumber));
        hidden("doko_text", describe());
        // The server has it now: a late answer is waited for, and said so.
        clearTimeout(savingTimer);
        savingTimer = setTimeout(function () {
          slowNote(true, words.say("offline.saving_slowly"));
        }, 1500);
        if (filled) {
          event.preventDefault();
          try { sessionStorage.setItem(REFILL, JSON.stringify(filledItem)); } catch (e) { /* full */ }
          dropFilled().then(function () { form.submit(); });
        }
        return;
      }
      event.preventDefault();
      keep().then(afterKeeping, function () {
        showOffline(words.say("offline.not_kept"));
      });
    });
    var entering = live.copy ? offlineEntry() : null;
    fillFromWaiting();
    if (!entering && !form.hasAttribute("data-filling")) { entering = behindWaiting(); }
    // The game this form enters, once the phone has counted what it keeps: a kept copy of
    // the form names the game it was drawn for, which may be saved by now (draft.js puts
    // back only a draft of this very game).
    window.DokoOffline = {
      entering: (entering || Promise.resolve(entryNumber))["catch"](function () {
        return entryNumber;
      })
    };
  }
  backRefused();

  function hidden(name, value) {
    var input = form.querySelector("input[name=" + name + "]");
    if (!input) {
      input = el("input");
      input.type = "hidden";
      input.name = name;
      form.appendChild(input);
    }
    input.value = value;
  }

  // ------------------------------------------------------------------ the rest waits

  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented || live.online() !== false) { return; }
    if ((event.target.getAttribute("method") || "get").toLowerCase() !== "post") { return; }
    event.preventDefault();
    showOffline(words.say("offline.needs_connection") +
                (entryUrl ? " " + words.say("offline.entry_works") : ""));
  });

  document.addEventListener("doko:offline", function () {
    slowNote(false);
    showOffline();
    if (form && entryNumber && syncUrl) { offlineEntry(); }
  });
  document.addEventListener("doko:slow", function () { slowNote(true); });
  document.addEventListener("doko:fast", function () { slowNote(false); });
  document.addEventListener("doko:online", function () {
    banner.hidden = true;
    if (note) { note.hidden = true; }
    if (offlineMark) { offlineMark.remove(); offlineMark = null; }
    if (live.copy && form && !dirty) { location.reload(); return; }
    sync();
  });
  // A sheet drawn anew by live.js has the server's numbers: the waiting games count again.
  document.addEventListener("doko:swapped", function () { render(); });
  document.addEventListener("doko:gone", function () {
    showOffline(words.say("offline.gone.text"), words.say("offline.gone.title"));
  });

  // A kept copy shows the sheet, not the messages of the moment it was kept ("gespeichert",
  // "Rückgängig"): those were for then.
  if (live.copy) {
    document.querySelectorAll("[data-once]").forEach(function (node) { node.remove(); });
  }

  // The sheet of a Runde this phone keeps (the service worker has it, which it does only for
  // a remembered Runde): keep the form for the next game too, so that the first game in a
  // cellar needs no earlier visit to the form. Once: a kept form is refreshed on each visit.
  function keepTheForm() {
    if (page !== "sheet" || !entryUrl || live.copy || !window.caches ||
        !navigator.serviceWorker || !navigator.serviceWorker.controller) { return; }
    var here = location.origin + location.pathname;
    var formUrl = new URL(entryUrl, location.href).href;
    caches.match(here, { ignoreVary: true }).then(function (sheet) {
      if (!sheet) { return null; }
      return caches.match(formUrl, { ignoreVary: true }).then(function (hit) {
        return hit ? null : fetch(formUrl, { credentials: "same-origin" });
      });
    })["catch"](function () { /* offline or refused: the next visit tries again */ });
  }

  render().then(function (items) {
    if (live.copy) { showOffline(); }
    if (items.length && live.online() !== false) { sync(); }
  });
  setTimeout(keepTheForm, 1500);
})();
