// New evening: move players up and down instead of typing seat numbers. Without this
// script the "Platz" numbers decide the seat order.
(function () {
  "use strict";
  var list = document.querySelector(".seat-list");
  var words = window.DokoWords;
  if (!list || !words) { return; }

  // Where the seats are said after a move ("Dora sitzt jetzt auf Platz 2."), politely.
  var said = document.createElement("p");
  said.className = "visually-hidden";
  said.setAttribute("role", "status");
  said.setAttribute("aria-live", "polite");
  said.setAttribute("data-seats-said", "");
  list.parentNode.insertBefore(said, list.nextSibling);

  // Every row's seat, shown beside it, and the moves that exist: nothing above the first,
  // nothing below the last.
  function renumber() {
    var rows = list.querySelectorAll("[data-seat]");
    rows.forEach(function (row, index) {
      var input = row.querySelector("[data-seat-number]");
      if (input) { input.value = String(index + 1); }
      var place = row.querySelector(".seat__place");
      if (place) { place.textContent = String(index + 1); }
      var up = row.querySelector("[data-move='-1']");
      var down = row.querySelector("[data-move='1']");
      if (up) { up.disabled = index === 0; }
      if (down) { down.disabled = index === rows.length - 1; }
    });
  }

  // Start from the numbers the server sent back (after a failed submit they may differ).
  Array.prototype.slice.call(list.querySelectorAll("[data-seat]"))
    .map(function (row, index) {
      var n = parseInt(row.querySelector("[data-seat-number]").value, 10);
      return { row: row, key: (isNaN(n) ? 99 : n) * 100 + index };
    })
    .sort(function (a, b) { return a.key - b.key; })
    .forEach(function (item) { list.appendChild(item.row); });

  list.querySelectorAll("[data-seat]").forEach(function (row) {
    var name = row.querySelector(".seat__check span").textContent.trim();
    var number = row.querySelector(".seat__number");
    number.hidden = true;
    // The list says each row's place to a screen reader; the number is for the eye.
    var place = document.createElement("span");
    place.className = "seat__place";
    place.setAttribute("aria-hidden", "true");
    row.insertBefore(place, row.firstChild);
    var moves = document.createElement("span");
    moves.className = "seat__moves";
    [["↑", -1, "seats.up"], ["↓", 1, "seats.down"]].forEach(function (spec) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "button button--small button--quiet";
      b.textContent = spec[0];
      b.setAttribute("aria-label", words.say(spec[2], { name: name }));
      b.setAttribute("data-move", String(spec[1]));
      b.addEventListener("click", function () {
        if (spec[1] < 0 && row.previousElementSibling) {
          list.insertBefore(row, row.previousElementSibling);
        } else if (spec[1] > 0 && row.nextElementSibling) {
          list.insertBefore(row.nextElementSibling, row);
        }
        renumber();
        var seat = Array.prototype.indexOf.call(list.querySelectorAll("[data-seat]"), row) + 1;
        said.textContent = words.say("seats.moved", { name: name, seat: seat });
        // At the first or last seat the button is off: the focus goes to the row's other one.
        if (b.disabled) {
          var other = row.querySelector("[data-move='" + String(-spec[1]) + "']");
          if (other && !other.disabled) { other.focus(); }
        } else {
          b.focus();
        }
      });
      moves.appendChild(b);
    });
    row.appendChild(moves);
  });
  renumber();
})();
