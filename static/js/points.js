// Punkte eintragen: a "±" beside each player's field turns the number's sign, for phones
// whose number pad has no minus key (an iPhone's). A typed minus works as before; the
// server reads "−3", "-3" and "+3" alike (scorer/web/evening/recorded.py).
"use strict";

(function () {
  var set = document.querySelector(".recorded-points");
  if (!set) { return; }
  set.querySelectorAll("input[type=text]").forEach(function (input) {
    var label = set.querySelector("label[for='" + input.id + "']");
    var name = label && label.firstChild ? label.firstChild.textContent.trim() : "";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button sign";
    button.textContent = "±";
    button.setAttribute("aria-label", window.DokoWords.say("points.sign", { name: name }));
    button.addEventListener("click", function () {
      var value = input.value.trim();
      input.value = /^[−-]/.test(value) ? value.slice(1) : "−" + value.replace(/^\+/, "");
      input.focus();
    });
    input.insertAdjacentElement("afterend", button);
  });
})();
