// A page opened at a text field's address (…#name) puts the cursor in that field: after
// "Spieler hinzufügen" the next name can be typed at once. Without JavaScript the browser
// still scrolls to the field.
(function () {
  "use strict";
  var id = decodeURIComponent(window.location.hash.slice(1));
  var field = id && document.getElementById(id);
  if (field && field.matches("input[type=text], input:not([type])")) {
    field.focus({ preventScroll: false });
  }
})();
