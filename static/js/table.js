// Tisch ändern: while seats, place and dealer change, ask the server (the scoring core) what
// the sheet will say and whom the rule makes deal. Without this script the page shows the
// same after saving; nothing is decided here.
(function () {
  "use strict";
  var form = document.getElementById("table-form");
  var preview = document.getElementById("table-preview");
  var words = window.DokoWords;
  if (!form || !preview || !words) { return; }
  var url = form.getAttribute("data-preview-url");
  var dealer = form.querySelector("[data-dealer]");
  var ruleOption = dealer ? dealer.querySelector("option[value='']") : null;
  var timer = null;
  var asked = 0;

  function say(text, className) {
    preview.textContent = "";
    var p = document.createElement("p");
    if (className) { p.className = className; }
    p.textContent = text;
    preview.appendChild(p);
  }

  function ask() {
    var mine = ++asked;
    fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data || mine !== asked) { return; }
        if (!data.ok) {
          say(words.say("table.open", { problems: data.messages.slice(0, 2).join(" · ") }),
              "preview__problem");
          return;
        }
        say(data.text, "");
        if (ruleOption) {
          ruleOption.textContent = words.say("table.by_rule", { dealer: data.suggested });
        }
      })
      .catch(function () { /* offline: the preview just stays as it was */ });
  }

  // Only who sits at the table after the change can deal: the dealer list follows the
  // ticks (and the name typed for a new player); a dealer who was chosen and then leaves
  // goes back to the rule. (The server refuses one who does not sit there, by the field.)
  var newName = form.querySelector("input[name=new_name]");
  function offerDealers() {
    if (!dealer) { return; }
    var seated = { neu: !!(newName && newName.value.trim()) };
    Array.prototype.forEach.call(form.querySelectorAll("input[name=present]"), function (box) {
      if (box.checked) { seated[box.value] = true; }
    });
    Array.prototype.forEach.call(dealer.options, function (option) {
      if (!option.value) { return; }
      var away = !seated[option.value];
      option.hidden = away;
      option.disabled = away;
      if (option.value === "neu") {
        option.textContent = seated.neu ? words.say("table.new_named", { name: newName.value.trim() })
          : words.say("table.new_player");
      }
    });
    var chosen = dealer.options[dealer.selectedIndex];
    if (chosen && chosen.disabled) { dealer.value = ""; }
  }

  function changed() {
    offerDealers();
    clearTimeout(timer);
    timer = setTimeout(ask, 200);
  }
  offerDealers();

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  // The seat buttons of seats.js move rows without an input event.
  form.addEventListener("click", function (event) {
    if (event.target.closest(".seat__moves")) { changed(); }
  });
})();
