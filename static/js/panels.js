// The sheet's breakdowns on demand: a row's breakdown is fetched from the server when the
// row is opened (GET its data-panel URL with X-Doko-Panel: 1, scorer/web/evening/sheet.py), so a
// sheet of sixty games renders only the rows, not sixty breakdowns nobody opened. Without
// this script an opened row links to the game's own page, which shows the same.
//
// Rows opened again after live.js swapped in a newer sheet are fetched again (live.js keeps
// the old words in place meanwhile, so nothing jumps).
(function () {
  "use strict";

  function load(row) {
    var body = row.querySelector("[data-panel-body]");
    var url = row.getAttribute("data-panel");
    if (!body || !url || body.getAttribute("aria-busy") === "true") { return; }
    body.setAttribute("aria-busy", "true");
    fetch(url, { headers: { "X-Doko-Panel": "1" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString("<div>" + html + "</div>", "text/html");
        body.textContent = "";
        Array.prototype.forEach.call(doc.body.firstChild.childNodes, function (node) {
          body.appendChild(document.importNode(node, true));
        });
        body.setAttribute("data-panel-loaded", "");
      })
      ["catch"](function () {
        if (body.hasAttribute("data-panel-loaded")) { return; }  // keep the words it has
        var note = body.querySelector(".panel-offline") || document.createElement("p");
        note.className = "hint panel-offline";
        note.textContent = window.DokoWords.say("panels.offline");
        body.appendChild(note);
      })
      .then(function () { body.removeAttribute("aria-busy"); });
  }

  // "toggle" does not bubble: listen while it comes down to the row.
  document.addEventListener("toggle", function (event) {
    var row = event.target;
    if (row.tagName === "DETAILS" && row.open && row.hasAttribute("data-panel")) { load(row); }
  }, true);

  // A row opened by the address (…/#spiel-7) or kept open by the browser.
  document.querySelectorAll("details[data-panel][open]").forEach(load);

  // "Große Zahlen": the standings in numbers to read across the table (issue 39), a switch
  // under them kept on this device. live.js swaps the standings in anew: the switch follows.
  var KEY = "doko-big-numbers";
  var root = document.documentElement;
  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }
  root.classList.toggle("big-numbers", stored());

  function offerSwitch() {
    var totals = document.querySelector(".status .totals");
    if (!totals || !window.DokoWords || (totals.nextElementSibling &&
        totals.nextElementSibling.hasAttribute("data-big-numbers"))) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button button--small button--quiet big-numbers__switch";
    button.setAttribute("data-big-numbers", "");
    button.textContent = window.DokoWords.say("panels.big");
    button.setAttribute("aria-pressed", String(root.classList.contains("big-numbers")));
    button.addEventListener("click", function () {
      var on = !root.classList.contains("big-numbers");
      root.classList.toggle("big-numbers", on);
      button.setAttribute("aria-pressed", String(on));
      try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* kept for now only */ }
    });
    totals.parentNode.insertBefore(button, totals.nextSibling);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", offerSwitch);
  } else {
    offerSwitch();
  }
  document.addEventListener("doko:swapped", offerSwitch);
})();
