// Game entry enhancements: show only what the chosen kind needs, Kontra = 240 − Re,
// +/− steppers, the schwarz question beside the Augen when a party has 0 of them, a live
// preview of everybody's points from the server (the scoring core), so nothing is computed
// here, and a field being typed in kept in view above the save bar and the phone's
// keyboard. The form works the same without this script.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  var words = window.DokoWords;
  if (!form || !words) { return; }

  var SOLO_LIKE = ["solo", "stille_hochzeit", "schwarze_sau"];
  // The Re legend of the kinds that ask for it in their own words (entry.re.<kind>).
  var RE_LEGEND = ["solo", "stille_hochzeit", "schwarze_sau", "hochzeit", "armut"];
  var reSet = form.querySelector("[data-re]");
  var reLegend = reSet ? reSet.querySelector("legend") : null;
  var defaultLegend = reLegend ? reLegend.textContent : "";
  var eyesInput = form.querySelector("#re_eyes");
  var kontraOut = form.querySelector("[data-kontra]");
  var trickless = form.querySelector("[data-trickless]");
  var tricklessLegend = trickless ? trickless.querySelector("legend") : null;
  var savebar = form.querySelector("[data-savebar]");
  var who = form.querySelector("[data-who]");
  var whoText = who ? who.querySelector("[data-who-text]") : null;
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

  // Hochzeit and Armut: which of the two Re players called, asked in the kind's words and
  // offered among the Re players once they are tapped (optional: it changes no point).
  var callerSet = form.querySelector("[data-caller]");
  var CALLER_LEGEND = ["hochzeit", "armut"];   // entry.caller.<kind>

  function askCaller(k) {
    if (CALLER_LEGEND.indexOf(k) < 0) { return; }
    callerSet.querySelector("legend").textContent = words.say("entry.caller." + k);
    var re = Array.prototype.map.call(reSet.querySelectorAll("input:checked"),
                                      function (box) { return box.value; });
    callerSet.querySelectorAll("input").forEach(function (radio) {
      var reBox = reSet.querySelector("input[value='" + radio.value + "']");
      var offered = re.length ? re.indexOf(radio.value) >= 0 : !(reBox && reBox.disabled);
      radio.closest(".chip").hidden = !offered;
      if (!offered) { radio.checked = false; }
    });
  }

  function update() {
    if (counts) { showCounts(); }
    var k = kind();
    form.querySelectorAll("[data-kinds]").forEach(function (el) {
      el.hidden = el.getAttribute("data-kinds").split(" ").indexOf(k) < 0;
    });
    if (reLegend) {
      reLegend.textContent = RE_LEGEND.indexOf(k) >= 0 ? words.say("entry.re." + k) : defaultLegend;
    }
    var eyes = reEyes();
    if (kontraOut) { kontraOut.textContent = eyes === null ? "240 − Re" : String(240 - eyes); }
    if (trickless) { askSchwarz(eyes); }
    var ids = playing();
    // Offline with "Wer spielt" left open (offline.js): anybody at the table may be Re, not
    // only the four of the page the phone kept (the game before).
    var open = ids === null && form.hasAttribute("data-players-auto");
    if ((ids || open) && reSet) {
      // Only the four who play can be Re: the others' chips go away (ticked again when
      // someone else sits out, they come back).
      reSet.querySelectorAll("input").forEach(function (box) {
        var plays = open || ids.indexOf(box.value) >= 0;
        box.disabled = !plays;
        box.closest(".chip").hidden = !plays;
        if (!plays) { box.checked = false; }
      });
    }
    if (callerSet) { askCaller(k); }
    if (whoText) { whoText.textContent = whoLine(ids); }
    if (ids || open) {
      form.querySelectorAll("input[name^=eyes_]").forEach(function (input) {
        var row = input.closest(".stepper-row");
        if (row) { row.hidden = !open && ids.indexOf(input.name.slice(5)) < 0; }
      });
    }
    // In a game scored as a solo only the Sonderpunkte that count in it (the rules'
    // extras_in_solo; no "Dulle gefangen" where the Herz 10 is no trump): the others are
    // hidden and not sent, so a leftover count never blocks saving. A Hochzeit is scored as
    // a solo when one player is Re (no partner). A row that came with a count (a stored
    // game opened to be changed) stays, so that saving it for another reason keeps it.
    // With no row left, the whole set goes.
    var solo = form.querySelector("input[name=solo]:checked");
    var extrasSet = form.querySelector("fieldset.extras");
    var reTicked = reSet ? reSet.querySelectorAll("input:checked").length : 0;
    var shownRows = 0;
    form.querySelectorAll("[data-solos]").forEach(function (el) {
      var solos = el.getAttribute("data-solos").split(" ").filter(Boolean);
      var none = !el.hasAttribute("data-counted") && (
        (k === "solo" && (solo ? solos.indexOf(solo.value) < 0 : !solos.length))
        || (k === "stille_hochzeit" && solos.indexOf(k) < 0)
        || (k === "hochzeit" && reTicked === 1 && solos.indexOf(k) < 0));
      el.hidden = none;
      el.querySelectorAll("input").forEach(function (input) { input.disabled = none; });
      if (!none) { shownRows += 1; }
    });
    if (extrasSet && !shownRows) { extrasSet.hidden = true; }
    if (reSet && SOLO_LIKE.indexOf(k) >= 0) {
      // A soloist is one player: a new tap replaces the old one.
      reSet.setAttribute("data-single", "");
    } else if (reSet) {
      reSet.removeAttribute("data-single");
    }
  }

  // "Es spielen Cem, Dora, Emil, Anna · Ben setzt aus", worded as the server words it
  // (scorer/web/pages/display.py who_plays), in the order of play the server gives (data-order).
  var playOrder = who ? (who.getAttribute("data-order") || "").split(" ") : [];

  function whoLine(ids) {
    var boxes = Array.prototype.slice.call(
      form.querySelectorAll("[data-players] input[type=checkbox]"));
    boxes.sort(function (a, b) { return playOrder.indexOf(a.value) - playOrder.indexOf(b.value); });
    var ticked = [];
    var out = [];
    boxes.forEach(function (box) {
      (ids && ids.indexOf(box.value) >= 0 ? ticked : out).push(nameOf(box));
    });
    if (!ids || !ticked.length) {
      return words.say(form.hasAttribute("data-players-auto") ? "entry.who.auto" : "entry.who.ask");
    }
    var text = words.say("entry.who.playing", { names: ticked.join(", ") });
    if (out.length) {
      var listed = out.length === 1 ? out[0]
        : words.say("names.last", { rest: out.slice(0, -1).join(", "), last: out[out.length - 1] });
      text += " · " + words.count("entry.who.out", out.length, { names: listed });
    }
    return text;
  }

  function nameOf(box) {
    var label = box.closest("label");
    return label ? label.textContent.trim() : box.value;
  }

  // The schwarz question: only when a party has 0 Augen (48 cards: four nines make a
  // trick without Augen), about that party, with no answer chosen by the page. The server
  // says whether the answer counts; until then the preview waits.
  var schwarzFor = null;
  function askSchwarz(eyes) {
    var party = deck === "48" && eyes === 0 ? "re" : deck === "48" && eyes === 240 ? "kontra" : null;
    var was = trickless.hidden;
    trickless.hidden = party === null;
    if (party === null) { schwarzFor = null; return; }
    if (party !== schwarzFor) {
      schwarzFor = party;
      var name = party === "re" ? "Re" : "Kontra";
      // One question, and answers that say what happened (a "Ja" could answer "Schwarz?"
      // as well as "einen Stich?"), short enough for one row.
      tricklessLegend.textContent = words.say("entry.schwarz.question", { party: name });
      trickless.querySelectorAll("input").forEach(function (radio) {
        var other = radio.value !== party && radio.value !== "none";
        var chip = radio.closest(".chip");
        chip.hidden = other;
        radio.disabled = other;
        if (other) { radio.checked = false; }
        chip.querySelector("span").textContent = radio.value === "none" ? words.say("entry.schwarz.trick")
          : radio.value === party ? words.say("entry.schwarz.none") : chip.querySelector("span").textContent;
      });
    }
    if (was) { inView(trickless); }
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
  // The forced soloist as Re was the page's guess for a solo: another kind chosen, Re is
  // the table's to tap (a Normalspiel with the soloist ticked was saved by mistake); back
  // to Solo before anybody was tapped, the guess again.
  var forcedBox = forcedId && reSet ? reSet.querySelector("input[value='" + forcedId + "']") : null;
  var reByPage = !!(forcedBox && forcedBox.checked && kind() === "solo");
  if (reSet) {
    reSet.addEventListener("change", function () { reByPage = false; });
  }
  form.querySelectorAll("input[name=kind]").forEach(function (radio) {
    radio.addEventListener("change", function () {
      if (!reByPage || !radio.checked) { return; }
      forcedBox.checked = radio.value === "solo";
    });
  });
  // The forced soloist comes chosen: picking which solo completes the choices before the Augen.
  form.querySelectorAll("input[name=solo]").forEach(function (radio) {
    radio.addEventListener("change", function () { if (radio.checked) { toEyesIfReady(); } });
  });

  // Only after a tap: a keyboard (or a screen reader's) Space on a chip keeps the focus
  // where it is (WCAG 3.2.2: choosing moves nothing), Tab goes on to the Augen.
  var byPointer = false;
  form.addEventListener("pointerdown", function () { byPointer = true; });
  form.addEventListener("keydown", function () { byPointer = false; });

  function toEyesIfReady() {
    if (!eyesInput || !reSet || eyesInput.value !== "" || !byPointer) { return; }
    var solo = SOLO_LIKE.indexOf(kind()) >= 0;
    if (reSet.querySelectorAll("input:checked").length !== (solo ? 1 : 2)) { return; }
    if (kind() === "solo" && !form.querySelector("input[name=solo]:checked")) { return; }
    eyesInput.focus();
  }

  // Hammelrennen: the Augen of the four make 240, so the last one to type is known. The
  // page fills it (and keeps it up to date as the others are corrected) until it is typed
  // into: from then on it is the table's own.
  var eachEyes = form.querySelectorAll("input[name^=eyes_]");
  var eyesByPage = null;

  function whole(text) {
    return /^[0-9]{1,3}$/.test(text.trim()) ? parseInt(text, 10) : null;
  }

  function fillLastEyes(event) {
    if (event.target === eyesByPage) { eyesByPage = null; }
    var shown = Array.prototype.filter.call(eachEyes, function (input) {
      return input.getClientRects().length > 0;
    });
    if (eyesByPage && shown.indexOf(eyesByPage) < 0) { eyesByPage = null; }
    var open = shown.filter(function (input) {
      return input === eyesByPage || input.value.trim() === "";
    });
    var sum = 0;
    var known = shown.every(function (input) {
      var n = whole(input.value);
      sum += open.indexOf(input) < 0 && n !== null ? n : 0;
      return open.indexOf(input) >= 0 || n !== null;
    });
    if (shown.length !== 4 || open.length !== 1 || !known || sum > 240) {
      if (eyesByPage) { eyesByPage.value = ""; }
      return;
    }
    eyesByPage = open[0];
    eyesByPage.value = String(240 - sum);
  }

  eachEyes.forEach(function (input) { input.addEventListener("input", fillLastEyes); });

  // +/− around every count field.
  var counts = [];   // (hidden field, what shows its count)

  function showCounts() {
    counts.forEach(function (pair) { pair[1].textContent = pair[0].value || "0"; });
  }

  form.querySelectorAll("input[data-stepper]").forEach(function (input) {
    var label = form.querySelector("label[for='" + input.id + "']");
    var name = label ? label.textContent.trim() : input.name;
    // "Fuchs gefangen Re mehr": the party once, from the label or else the field.
    var party = /(^| )(Re|Kontra)$/.test(name) ? ""
      : input.name.indexOf("_kontra") >= 0 ? " Kontra" : " Re";
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    function button(text, delta, aria) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", words.say(aria, { field: name + party }));
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
    wrap.appendChild(button("−", -1, "entry.step.less"));
    wrap.appendChild(input);
    if (input.getAttribute("data-stepper") === "shown") {
      // Where the buttons do all the work (Sonderpunkte), the count is only shown: two
      // steppers side by side fit a phone's row only without a field to type into.
      input.type = "hidden";
      var shown = document.createElement("output");
      shown.className = "count";
      shown.setAttribute("aria-live", "polite");
      wrap.appendChild(shown);
      counts.push([input, shown]);
    }
    wrap.appendChild(button("+", 1, "entry.step.more"));
  });
  showCounts();

  // Live preview: the server folds the evening with this game and answers in JSON.
  var preview = document.getElementById("preview");
  var url = form.getAttribute("data-preview-url");
  var timer = null;
  var asked = 0;
  // What the bar says before anything is chosen, kept to say it again.
  var resting = preview ? Array.prototype.map.call(preview.childNodes,
    function (node) { return node.cloneNode(true); }) : [];

  var saysOffline = false;   // the bar shows offline()'s words

  // The preview as a screen reader hears it: a polite status, said once per change.
  var said = document.querySelector("[data-preview-said]");

  function say(words) {
    if (said && said.textContent !== words) { said.textContent = words; }
  }

  function rest() {
    say("");
    saysOffline = false;
    preview.textContent = "";
    resting.forEach(function (node) { preview.appendChild(node.cloneNode(true)); });
    fitBar();
  }

  // The bar keeps to a few lines, so the breakdown and a long message end in "…". A tap
  // on the bar shows all of it (the bar grows upwards); another tap folds it again. It is
  // a button only while there is more to see.
  var barOpen = false;

  function cut() {
    return Array.prototype.some.call(preview.querySelectorAll("p"), function (p) {
      return p.scrollWidth > p.clientWidth + 0.5 || p.scrollHeight > p.clientHeight + 0.5;
    });
  }

  function fitBar() {
    preview.classList.toggle("preview--open", barOpen);
    if (barOpen || cut()) {
      preview.setAttribute("role", "button");
      preview.setAttribute("tabindex", "0");
      preview.setAttribute("aria-expanded", barOpen ? "true" : "false");
    } else {
      ["role", "tabindex", "aria-expanded"].forEach(function (name) {
        preview.removeAttribute(name);
      });
    }
  }

  function toggleBar(event) {
    if (!preview.hasAttribute("role")) { return; }
    if (event.type === "keydown") {
      if (event.key !== "Enter" && event.key !== " ") { return; }
      event.preventDefault();
    }
    barOpen = !barOpen;
    fitBar();
  }

  if (preview) {
    preview.addEventListener("click", toggleBar);
    preview.addEventListener("keydown", toggleBar);
  }

  function text(tag, className, content) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    el.textContent = content;
    return el;
  }

  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0"; }

  // A message beside a field after a refused save goes as soon as the field is right: the
  // preview's answer names every field still wrong (by the same names), so the others are
  // corrected. The list at the top loses their lines too.
  function settleErrors(wrong) {
    form.querySelectorAll("[data-error-for]").forEach(function (message) {
      if (!wrong[message.getAttribute("data-error-for")]) { dropError(message); }
    });
  }

  function dropError(message) {
    var name = message.getAttribute("data-error-for");
    var box = message.closest(".field--invalid");
    message.remove();
    if (box && !box.querySelector("[data-error-for]")) {
      box.classList.remove("field--invalid");
      box.querySelectorAll("[aria-invalid]").forEach(function (el) {
        el.removeAttribute("aria-invalid");
        el.removeAttribute("aria-describedby");
      });
      box.removeAttribute("aria-describedby");
      if (eyesInput && box.contains(eyesInput)) { eyesInput.setAttribute("aria-describedby", "kontra-said kontra-eyes"); }
    }
    document.querySelectorAll("a[href='#" + name + "-error']").forEach(function (link) {
      var list = link.closest("ul");
      link.closest("li").remove();
      var summary = list && list.closest(".flash");
      if (summary && !list.querySelector("li")) { summary.remove(); }
    });
  }

  // Without the server nothing says whether a change is right: a field changed loses its
  // old message (the server checks again on saving).
  function dropErrorsOf(target) {
    var box = target && target.closest && target.closest(".field--invalid");
    if (box) { box.querySelectorAll("[data-error-for]").forEach(dropError); }
  }

  var touched = false;   // the table changed something since the page came

  function show(data) {
    // (The answer to the page's own first question says nothing about corrections.)
    if (touched) { settleErrors(data.ok ? {} : data.errors || {}); }
    saysOffline = false;
    preview.textContent = "";
    if (!data.ok) {
      preview.appendChild(text("p", "preview__problem", data.open));
      say(data.open);
      fitBar();
      return;
    }
    // The four who play; who sits out gets nothing and takes no room in the bar.
    var points = text("p", "preview__points", "");
    data.players.forEach(function (p) {
      if (!p.plays) { return; }
      var cls = p.points > 0 ? "is-plus" : p.points < 0 ? "is-minus" : "";
      points.appendChild(text("span", cls, p.name + " " + signed(p.points)));
    });
    (data.warnings || []).forEach(function (warning) {
      preview.appendChild(text("p", "preview__warning", warning));
    });
    preview.appendChild(text("p", "", data.winner + (data.bock > 1 ? " · Bock ×" + data.bock : "")));
    preview.appendChild(points);
    say([data.winner + (data.bock > 1 ? ", Bock ×" + data.bock : "")].concat(
      Array.prototype.map.call(points.childNodes, function (el) { return el.textContent; }))
      .join(", "));
    var lines = [data.breakdown, data.bock_reasons].filter(Boolean).join(" · ");
    if (lines) {
      // Opened, the bar breaks the lines between the items ("gewonnen +1"), not inside
      // one; a party's group ("Re: gewonnen +1, keine 90 angesagt +1") between its items.
      var said = preview.appendChild(text("p", "preview__lines", ""));
      lines.split(" · ").forEach(function (group, i) {
        if (i) { said.appendChild(document.createTextNode(" · ")); }
        group.split(", ").forEach(function (item, j) {
          if (j) { said.appendChild(document.createTextNode(", ")); }
          said.appendChild(text("span", "", item));
        });
      });
    }
    if (pflichtHelp && data.pflicht) { pflichtHelp.textContent = data.pflicht; }
    fitBar();
  }

  // Without the server there are no numbers to show: say so rather than keep old ones.
  function offline() {
    saysOffline = true;
    preview.textContent = "";
    preview.appendChild(text("p", "preview__problem", words.say("entry.offline")));
    say(words.say("entry.offline"));
    fitBar();
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

  function changed(event) {
    touched = true;
    if (saysOffline) { dropErrorsOf(event.target); }
    update();
    clearTimeout(timer);
    timer = setTimeout(ask, 200);
  }

  // ------------------------------------------------------------------ in view
  //
  // The save bar sticks to the bottom of the screen; the phone's keyboard takes the lower
  // half of it. Where the browser only shrinks the visual viewport under the keyboard
  // (iOS; Chrome without interactive-widget=resizes-content), the bar is lifted above the
  // keyboard, and the field being typed in (or the schwarz question as it appears) is
  // scrolled to stay between the top of the screen and the bar.
  var viewport = window.visualViewport;

  function keyboard() {
    if (!viewport) { return 0; }
    return Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop));
  }

  // What the bar and the keyboard cover at the bottom of the screen, and a little air.
  function covered() {
    // A bar in its place at the form's end (large text: app.css) covers nothing.
    var sticky = savebar && getComputedStyle(savebar).position === "sticky";
    return (sticky ? savebar.getBoundingClientRect().height : 0) + keyboard() + 8;
  }

  // The bar lifted above the keyboard, and the page's scroll padding kept at what they
  // cover: wherever the browser scrolls to show something (a focus, a tap further down, a
  // link to a field), it stops above the bar rather than under it.
  function liftBar() {
    if (!savebar) { return; }
    savebar.style.setProperty("--keyboard", keyboard() + "px");
    document.documentElement.style.setProperty("scroll-padding-bottom", covered() + "px");
  }

  function inView(el) {
    if (!el || el.hidden || !el.getClientRects().length) { return; }
    // The page's scroll padding is the room scrollIntoView keeps free below the element
    // (the bar and the keyboard); a margin of the element's own would be added to it.
    var below = covered();
    document.documentElement.style.setProperty("scroll-padding-bottom", below + "px");
    el.style.setProperty("scroll-margin-top", "8px");
    var box = el.getBoundingClientRect();
    var top = viewport ? viewport.offsetTop : 0;
    var bottom = (viewport ? viewport.offsetTop + viewport.height : window.innerHeight) - below + 8;
    // A block taller than the room left (large text): the field typed in, not its block.
    var field = typingField();
    if (field && el !== field && box.height > bottom - top - 8) {
      el = field;
      el.style.setProperty("scroll-margin-top", "8px");
      box = el.getBoundingClientRect();
    }
    if (box.top < top || box.bottom > bottom) {
      el.scrollIntoView({ block: "nearest" });
    }
  }

  function typingField() {
    var el = document.activeElement;
    return el && form.contains(el) && el.matches("input[type=text], input[type=number]") ? el : null;
  }

  function keepTyping() {
    liftBar();
    var el = typingField();
    if (!el) { return; }
    // The Augen field keeps its schwarz question with it when one is asked.
    inView(el === eyesInput && trickless && !trickless.hidden ? eyesInput.closest(".eyes") : el);
  }

  if (viewport) {
    viewport.addEventListener("resize", keepTyping);
    viewport.addEventListener("scroll", liftBar);
  }
  window.addEventListener("resize", keepTyping);
  form.addEventListener("focusin", function () { setTimeout(keepTyping, 0); });
  // The bar grows as the preview fills in (the first digit of the Augen brings the points):
  // the field being typed in moves up with it instead of sliding under it.
  if (savebar && window.ResizeObserver) {
    new ResizeObserver(function () { keepTyping(); }).observe(savebar);
  }
  liftBar();

  // After a refused save, bring the first message into view.
  // The field itself; the summary at the top (for pages without JavaScript) only if none.
  var firstError = document.querySelector(".field--invalid") ||
    document.querySelector(".flash--error");
  if (firstError) { firstError.scrollIntoView({ block: "center" }); }
  // ... and the focus into it, so that a screen reader says the field and its message.
  var firstWrong = firstError && firstError.matches(".field--invalid") &&
    (firstError.querySelector("input:checked:not([type=hidden])") ||
     firstError.querySelector("input:not([type=hidden]):not(:disabled)"));
  if (firstWrong) { firstWrong.focus({ preventScroll: true }); }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  if (preview && url) {
    document.addEventListener("doko:offline", function () { asked += 1; offline(); });
    // Back online, or the sheet changed under this form: the points are asked anew (with
    // no Re chosen yet, the bar says again what it said before the connection broke).
    ["doko:online", "doko:changed"].forEach(function (name) {
      document.addEventListener(name, function () {
        if (form.querySelector("[data-re] input:checked")) { ask(); }
        else if (saysOffline) { asked += 1; rest(); }
      });
    });
  }
  update();
  // A fresh form has nothing to preview yet; an edited game shows its points at once. A
  // form the phone kept says from the start that the server counts (until it answers).
  if (preview && url && form.querySelector("[data-re] input:checked")) { ask(); }
  else if (preview && document.body.hasAttribute("data-offline-copy")) { offline(); }
})();
