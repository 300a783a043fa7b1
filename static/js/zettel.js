// The page that says the printed sheet is being made (templates/zettel_wait.html): without
// this script it asks again every few seconds by itself (a refresh in <noscript>). This asks
// sooner, with a HEAD every 300 ms, and as soon as the sheet is there fetches it, which the
// browser downloads: a short evening's sheet comes in well under a second
// (scorer/web/evening/exports.py makes it outside the request).
(function () {
  "use strict";
  var wait = document.querySelector("[data-zettel]");
  if (!wait || !window.fetch) { return; }
  var url = wait.getAttribute("data-zettel");
  var status = wait.querySelector("[role=status]");
  var tries = 0;

  function ask() {
    tries += 1;
    fetch(url, { method: "HEAD", credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status === 202 && tries < 600) {
          setTimeout(ask, 300);
          return;
        }
        window.location.replace(url);
        if (response.ok && status) {
          status.textContent = window.DokoWords.say("zettel.ready");
        }
      })
      ["catch"](function () { setTimeout(ask, 2000); });
  }

  setTimeout(ask, 300);
}());
