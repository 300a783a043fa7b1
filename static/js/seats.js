// New evening: move players up and down instead of typing seat numbers. Without this
// script the "Platz" numbers decide the seat order.
(function () {
  "use strict";
  var list = document.querySelector(".seat-list");
  var words = window.DokoWords;
  if (!list || !words) { return; }

  function renumber() {
    list.querySelectorAll("[data-seat-number]").forEach(function (input, index) {
      input.value = String(index + 1);
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
    var moves = document.createElement("span");
    moves.className = "seat__moves";
    [["↑", -1, "seats.up"], ["↓", 1, "seats.down"]].forEach(function (spec) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "button button--small button--quiet";
      b.textContent = spec[0];
      b.setAttribute("aria-label", words.say(spec[2], { name: name }));
      b.addEventListener("click", function () {
        if (spec[1] < 0 && row.previousElementSibling) {
          list.insertBefore(row, row.previousElementSibling);
        } else if (spec[1] > 0 && row.nextElementSibling) {
          list.insertBefore(row.nextElementSibling, row);
        }
        renumber();
        b.focus();
      });
      moves.appendChild(b);
    });
    row.appendChild(moves);
  });
  renumber();
})();
