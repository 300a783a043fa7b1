// A club evening's round clock (templates/club/_clock.html): counts down the time left of
// the running round once a second, and at 0 says "Zeit abgelaufen" and shows what that
// means. The server gives the seconds left as the page was made (data-clock-left), so a
// phone whose own clock is wrong still counts right; a page region swapped in by live.js
// brings a fresh figure. The words are the page's (scorer/words/scripts.py).
(function () {
  "use strict";

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function shown(seconds) {
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-clock-left]").forEach(function (clock) {
      if (!clock.dataset.clockEnds) {
        clock.dataset.clockEnds = String(now + Number(clock.dataset.clockLeft) * 1000);
      }
      var left = Math.floor((Number(clock.dataset.clockEnds) - now) / 1000);
      var time = clock.querySelector("[data-clock-time]");
      var over = clock.parentNode.querySelector("[data-clock-over]");
      if (left < 0) {
        clock.classList.add("round-clock--over");
        if (time) { time.textContent = window.DokoWords.say("clock.over"); }
        if (over) { over.hidden = false; }
      } else if (time) {
        time.textContent = window.DokoWords.say("clock.left", { time: shown(left) });
      }
    });
  }

  function start() {
    if (!window.DokoWords) { return; }
    tick();
    window.setInterval(tick, 1000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
