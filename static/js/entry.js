// Game entry enhancements: show only what the chosen kind needs, Kontra = 240 − Re,
// +/− steppers, and a live preview of everybody's points from the server (the scoring
// core), so nothing is computed here. The form works the same without this script.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  if (!form) { return; }

  var SOLO_LIKE = ["solo", "stille_hochzeit", "schwarze_sau"];
  var RE_LEGEND = {
    solo: "Re: den Solisten antippen",
    stille_hochzeit: "Re: den Spieler mit beiden Kreuz-Damen antippen",
    schwarze_sau: "Re: wer die zweite Pik-Dame gestochen hat",
    hochzeit: "Re: den Hochzeiter und seinen Partner antippen (ohne Partner: nur ihn)",
    armut: "Re: die Armut und wer sie genommen hat antippen"
  };
  var reSet = form.querySelector("[data-re]");
  var reLegend = reSet ? reSet.querySelector("legend") : null;
  var defaultLegend = reLegend ? reLegend.textContent : "";
  var eyesInput = form.querySelector("#re_eyes");
  var kontraOut = form.querySelector("[data-kontra]");
  var trickless = form.querySelector("[data-trickless]");
  var deck = form.getAttribute("data-deck");
  var forcedId = form.getAttribute("data-forced") || "";
  var pflichtSet = form.querySelector("[data-pflicht]");
  var pflichtHelp = form.querySelector("[data-pflicht-help]");
  // Pflicht chosen for the forced soloist by the page, not by a tap: it follows the soloist.
  var pflichtByPage = !!(forcedId && pflichtSet
    && pflichtSet.querySelector("input[value=pflicht]:checked"));

  function kind() {
    var checked = form.querySelector("input[name=kind]:checked");
    return checked ? checked.value : "normal";
  }

  function reEyes() {
    var text = eyesInput ? eyesInput.value.trim() : "";
    if (!/^[0-9]{1,3}$/.test(text)) { return null; }
    var n = parseInt(text, 10);
    return n <= 240 ? n : null;
  }

  function playing() {
    var boxes = form.querySelectorAll("[data-players] input[type=checkbox]");
    if (!boxes.length) { return null; }
    var ids = [];
    boxes.forEach(function (box) { if (box.checked) { ids.push(box.value); } });
    // Entered offline, nobody ticked: the server takes the rotation's four (offline.js).
    if (!ids.length && form.hasAttribute("data-players-auto")) { return null; }
    return ids;
  }

  function update() {
    var k = kind();
    form.querySelectorAll("[data-kinds]").forEach(function (el) {
      el.hidden = el.getAttribute("data-kinds").split(" ").indexOf(k) < 0;
    });
    if (reLegend) { reLegend.textContent = RE_LEGEND[k] || defaultLegend; }
    var eyes = reEyes();
    if (kontraOut) { kontraOut.textContent = eyes === null ? "240 − Re" : String(240 - eyes); }
    if (trickless && !trickless.hidden) {
      trickless.hidden = !(deck === "48" && (eyes === 0 || eyes === 240));
    }
    var ids = playing();
    if (ids && reSet) {
      reSet.querySelectorAll("input").forEach(function (box) {
        var plays = ids.indexOf(box.value) >= 0;
        box.disabled = !plays;
        if (!plays) { box.checked = false; }
      });
    }
    if (ids) {
      form.querySelectorAll("input[name^=eyes_]").forEach(function (input) {
        var row = input.closest(".stepper-row");
        if (row) { row.hidden = ids.indexOf(input.name.slice(5)) < 0; }
      });
    }
    // "Dulle gefangen" only where the Herz 10 is trump (not in Damen-, Buben- … solos);
    // hidden it is not sent, so a leftover count never blocks saving.
    var solo = form.querySelector("input[name=solo]:checked");
    form.querySelectorAll("[data-no-solos]").forEach(function (el) {
      var none = k === "solo" && solo !== null
        && el.getAttribute("data-no-solos").split(" ").indexOf(solo.value) >= 0;
      el.hidden = none;
      el.querySelectorAll("input").forEach(function (input) { input.disabled = none; });
    });
    if (reSet && SOLO_LIKE.indexOf(k) >= 0) {
      // A soloist is one player: a new tap replaces the old one.
      reSet.setAttribute("data-single", "");
    } else if (reSet) {
      reSet.removeAttribute("data-single");
    }
  }

  if (reSet) {
    reSet.addEventListener("change", function (event) {
      if (!reSet.hasAttribute("data-single") || !event.target.checked) { return; }
      reSet.querySelectorAll("input").forEach(function (box) {
        if (box !== event.target) { box.checked = false; }
      });
    });
    // Once Re is complete (two players, or the soloist), the Augen come next: going there
    // saves a tap per game. Only while the Augen are empty, so a correction never jumps.
    reSet.addEventListener("change", function (event) {
      if (event.target.checked) { toEyesIfReady(); }
    });
    // A soloist other than the forced one owes no forced Pflichtsolo: the page's Pflicht
    // goes back to "wie es sich ergibt" (a Pflicht tapped by hand stays).
    reSet.addEventListener("change", function (event) {
      if (!pflichtByPage || !event.target.checked || event.target.value === forcedId) { return; }
      var open = pflichtSet.querySelector("input[value='']");
      if (open) { open.checked = true; }
      pflichtByPage = false;
    });
  }
  if (pflichtSet) {
    pflichtSet.addEventListener("change", function () { pflichtByPage = false; });
  }
  // The forced soloist comes chosen: picking which solo completes the choices before the Augen.
  form.querySelectorAll("input[name=solo]").forEach(function (radio) {
    radio.addEventListener("change", function () { if (radio.checked) { toEyesIfReady(); } });
  });

  function toEyesIfReady() {
    if (!eyesInput || !reSet || eyesInput.value !== "") { return; }
    var solo = SOLO_LIKE.indexOf(kind()) >= 0;
    if (reSet.querySelectorAll("input:checked").length !== (solo ? 1 : 2)) { return; }
    if (kind() === "solo" && !form.querySelector("input[name=solo]:checked")) { return; }
    eyesInput.focus();
  }

  // +/− around every count field.
  form.querySelectorAll("input[data-stepper]").forEach(function (input) {
    var label = form.querySelector("label[for='" + input.id + "']");
    var name = label ? label.textContent.trim() : input.name;
    var party = input.name.indexOf("_kontra") >= 0 ? " Kontra" : " Re";
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    function button(text, delta, aria) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", name + party + " " + aria);
      b.addEventListener("click", function () {
        var value = parseInt(input.value, 10) || 0;
        var max = parseInt(input.getAttribute("max"), 10);
        value = Math.max(0, value + delta);
        if (!isNaN(max)) { value = Math.min(max, value); }
        input.value = String(value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      return b;
    }
    wrap.appendChild(button("−", -1, "weniger"));
    wrap.appendChild(input);
    wrap.appendChild(button("+", 1, "mehr"));
  });

  // Live preview: the server folds the evening with this game and answers in JSON.
  var preview = document.getElementById("preview");
  var url = form.getAttribute("data-preview-url");
  var timer = null;
  var asked = 0;

  function text(tag, className, content) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    el.textContent = content;
    return el;
  }

  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0"; }

  function show(data) {
    preview.textContent = "";
    if (!data.ok) {
      var first = data.messages.slice(0, 2).join(" · ");
      preview.appendChild(text("p", "preview__problem", "Noch offen: " + first));
      return;
    }
    var points = text("p", "preview__points", "");
    data.players.forEach(function (p) {
      var cls = !p.plays ? "is-out" : p.points > 0 ? "is-plus" : p.points < 0 ? "is-minus" : "";
      points.appendChild(text("span", cls, p.name + " " + (p.plays ? signed(p.points) : "–")));
    });
    (data.warnings || []).forEach(function (warning) {
      preview.appendChild(text("p", "preview__warning", warning));
    });
    preview.appendChild(text("p", "", data.winner + (data.bock > 1 ? " · Bock ×" + data.bock : "")));
    preview.appendChild(points);
    preview.appendChild(text("p", "preview__lines", data.lines.join(" · ")));
    if (pflichtHelp && data.pflicht) { pflichtHelp.textContent = data.pflicht; }
  }

  // Without the server there are no numbers to show: say so rather than keep old ones.
  function offline() {
    preview.textContent = "";
    preview.appendChild(text("p", "preview__problem", "Offline: die Punkte rechnet der " +
      "Server, sobald das Spiel gesendet ist."));
  }

  function ask() {
    var mine = ++asked;
    if (document.body.hasAttribute("data-offline-copy") ||
        (window.DokoLive && window.DokoLive.online() === false)) {
      offline();
      return;
    }
    fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data && mine === asked) { show(data); } })
      .catch(function () { if (mine === asked) { offline(); } });
  }

  function changed() {
    update();
    clearTimeout(timer);
    timer = setTimeout(ask, 200);
  }

  // After a refused save, bring the first message into view.
  var firstError = document.querySelector(".field--invalid, .flash--error");
  if (firstError) { firstError.scrollIntoView({ block: "center" }); }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  if (preview && url) {
    document.addEventListener("doko:offline", function () { asked += 1; offline(); });
    // Back online, or the sheet changed under this form: the points are asked anew.
    ["doko:online", "doko:changed"].forEach(function (name) {
      document.addEventListener(name, function () {
        if (form.querySelector("[data-re] input:checked")) { ask(); }
      });
    });
  }
  update();
  // A fresh form has nothing to preview yet; an edited game shows its points at once.
  if (preview && url && form.querySelector("[data-re] input:checked")) { ask(); }
})();
