// The installable app: registers the service worker (static/js/sw.js, served at the root),
// and when a Runde is forgotten on the start page, removes the pages this phone kept of it
// (they carry its link). Games still waiting for a connection are not touched: they are
// sent the next time the Runde's sheet is opened.
(function () {
  "use strict";
  var worker = document.body.getAttribute("data-sw");
  // Service workers exist only in secure contexts: https, or this machine's own address.
  if (worker && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(worker)["catch"](function () { /* the pages work without */ });
  }

  // The start page's "forget" forms: each sends the Runde's id in a field named runde.
  document.querySelectorAll("input[name=runde]").forEach(function (input) {
    var form = input.form;
    if (!form) { return; }
    form.addEventListener("submit", function (event) {
      if (!window.caches) { return; }
      event.preventDefault();
      var runde = input.value;
      Promise.all([
        window.caches["delete"]("doko-runde-" + runde),
        window.DokoStore ? window.DokoStore.forgetSeen(runde) : null
      ])["catch"](function () { /* nothing kept: nothing to remove */ })
        .then(function () { form.submit(); });
    });
  });
})();
