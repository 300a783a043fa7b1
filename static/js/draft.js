// A half-entered game survives a reload: the entry form for a new game keeps what was
// tapped and typed on the phone (localStorage, per Runde and evening: never the link) and
// puts it back when the same game's form opens again - after a pull-to-refresh, the back
// button, a browser restart - until the game is saved or discarded ("Abbrechen",
// "Verwerfen"). The form works the same without this script.
// A draft is of one game: it holds the number of the game it was begun for, as the phone
// counts it (a form the phone kept was drawn for the game that was next then; offline.js
// says which game it enters now), and goes once the sheet holds that game - saved here or on
// another phone. A form never starts from a game that is on the sheet already.
(function () {
  "use strict";
  var body = document.body;
  var form = document.getElementById("entry");
  var page = parseInt(body.getAttribute("data-live-entry"), 10);   // the game the form enters
  var path = /\/abend\/([0-9]+)\//.exec(body.getAttribute("data-evening") || "");
  var runde = body.getAttribute("data-runde");
  var words = window.DokoWords;
  if (!path || !runde || !window.localStorage || !words) { return; }

  var KEY = "doko-draft:" + runde + ":" + path[1];
  var KEEP = 12 * 3600 * 1000;   // an older draft is from another evening at the table
  // (The game the page was drawn for is the page's, never a draft's: a save for a game
  // on the sheet by now must meet the conflict, not pass under a number kept earlier.)
  var NOT_KEPT = ["csrf_token", "revision", "game_number"];

  if (!form || !page) {
    // The sheet (back from a half-entered game): it says that the next game is begun on
    // this phone, so that nobody takes "Rückgängig" for leaving it.
    if (body.getAttribute("data-live-page") === "sheet" && body.hasAttribute("data-entry-url")) {
      tellSheet();
      document.addEventListener("doko:swapped", tellSheet);
    }
    return;
  }

  function read() {
    try {
      var draft = JSON.parse(localStorage.getItem(KEY) || "null");
      return draft && Date.now() - draft.at < KEEP ? draft : null;
    } catch (e) {
      return null;
    }
  }

  function drop() {
    try { localStorage.removeItem(KEY); } catch (e) { /* private mode: nothing kept */ }
  }

  function fields() {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (NOT_KEPT.indexOf(name) < 0 && name.indexOf("doko_") !== 0) {
        out.push([name, String(value)]);
      }
    });
    return out;
  }

  var timer = null;

  function write() {
    timer = null;
    begun = true;
    try {
      localStorage.setItem(KEY, JSON.stringify({ page: page, at: Date.now(), fields: fields() }));
    } catch (e) { /* full or private: the form still works */ }
  }

  function keep() {
    clearTimeout(timer);
    timer = setTimeout(write, 250);
  }

  // A reload right after the last tap: written before the page goes.
  window.addEventListener("pagehide", function () {
    if (timer !== null) { clearTimeout(timer); write(); }
  });

  function put(draft) {
    var chosen = {};
    draft.fields.forEach(function (pair) { (chosen[pair[0]] = chosen[pair[0]] || []).push(pair[1]); });
    Array.prototype.forEach.call(form.elements, function (control) {
      var name = control.name;
      var values = chosen[name];
      if (!name || NOT_KEPT.indexOf(name) >= 0 || control.type === "submit" ||
          control.type === "button") { return; }
      if (control.type === "checkbox" || control.type === "radio") {
        // Who plays stays as the page has it unless the draft says; an unticked Re is none.
        if (!values && (name === "players" || control.type === "radio")) { return; }
        control.checked = !!values && values.indexOf(control.value) >= 0;
      } else if (values) {
        control.value = values[0];
      }
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function clock(at) {   // "21:47", when a draft was kept
    var when = new Date(at);
    return pad(when.getHours()) + ":" + pad(when.getMinutes());
  }

  function tellSheet(event) {
    var old = document.querySelector("[data-draft-waiting]");
    if (old) { old.remove(); }
    var draft = read();
    var games = event && event.detail && typeof event.detail.games === "number"
      ? event.detail.games : parseInt(body.getAttribute("data-live-games"), 10) || 0;
    var next = games + 1;
    // The sheet holds the draft's game: it was saved (here, or on another phone). (A copy
    // the phone kept counts fewer games, never more.)
    if (draft && games >= draft.page) {
      drop();
      return;
    }
    var main = document.querySelector("main");
    if (!draft || draft.page !== next || !main) { return; }
    var note = document.createElement("p");
    note.className = "notice";
    note.setAttribute("data-draft-waiting", "");
    note.setAttribute("role", "status");
    var link = document.createElement("a");
    link.href = body.getAttribute("data-entry-url");
    link.textContent = words.say("draft.continue");
    words.into(note, "draft.begun", { number: next, time: clock(draft.at), link: link });
    main.insertBefore(note, main.firstChild);
  }

  function say(draft) {
    var note = document.createElement("section");
    note.className = "card notice draft-note";
    note.setAttribute("role", "status");
    var text = document.createElement("p");
    text.textContent = words.say("draft.restored", { time: clock(draft.at) });
    var discard = document.createElement("button");
    discard.type = "button";
    discard.className = "button button--small";
    discard.textContent = words.say("draft.discard");
    discard.addEventListener("click", function () {
      drop();
      form.reset();
      form.dispatchEvent(new Event("change", { bubbles: true }));
      note.remove();
    });
    note.appendChild(text);
    note.appendChild(discard);
    form.parentNode.insertBefore(note, form);
  }

  // Saved: a form for a later game ends the draft (the evening counts this one); kept on the
  // phone offline, offline.js ends it. A form the phone kept knows the game it enters only
  // once offline.js has counted the sheet it saw last and the games waiting here.
  var games = parseInt(body.getAttribute("data-live-games"), 10) || 0;
  var counted = window.DokoOffline && window.DokoOffline.entering;
  var begun = false;   // this page wrote the draft, or put it back

  function start(number) {
    page = number || page;
    var draft = read();
    if (draft && (games >= draft.page || draft.page < page)) {
      drop();
      draft = null;
    }
    // A refused save shows what was sent, with its messages; a waiting game being corrected
    // fills the form itself (offline.js). Neither is overwritten.
    var own = form.hasAttribute("data-filling") ||
      document.querySelector(".field--invalid, .flash--error, #notice-title, #conflict-title");
    if (draft && draft.page === page && !own) {
      begun = true;
      put(draft);
      say(draft);
    }
    // What the table taps and types (the +/− buttons send input events); not what a script
    // puts into the form.
    form.addEventListener("input", keep);
    form.addEventListener("change", function (event) { if (event.isTrusted) { keep(); } });
  }

  if (counted) { counted.then(start); } else { start(page); }

  // The form enters another game now (games kept on this phone were stored under other
  // numbers, or the connection went): what is typed here is a draft of that game.
  document.addEventListener("doko:entering", function (event) {
    var number = event.detail && event.detail.number;
    if (!number || number === page) { return; }
    page = number;
    if (begun || timer !== null) { clearTimeout(timer); write(); }
  });
  document.addEventListener("doko:kept", function () { clearTimeout(timer); timer = null; drop(); });
  // Discarded: "Abbrechen", or "Verwerfen, zum Zettel" in the notice live.js shows when the
  // game was entered on another phone.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest(".entry__after a, .live-notice a")) {
      clearTimeout(timer);
      timer = null;
      drop();
    }
  });
})();
