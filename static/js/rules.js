// The rule options (Hausregeln, Neuer Abend): a value that another option rules out, such
// as the Herzstich with 48 cards, is disabled with its reason as soon as that option
// changes, and offered again when it changes back. The page says the same without this
// script as it was drawn (scorer/web/pages/forms.py option_limits), and the server refuses such a
// combination beside the option; nothing is decided here. A value that is chosen is never
// taken away: it is marked with its reason instead, and the table decides.
(function () {
  "use strict";
  var form = document.querySelector("form[data-rules]");
  if (!form) { return; }
  var reasons = form.querySelectorAll("[data-why]");
  if (!reasons.length) { return; }

  // What an option holds now, as the core words it: "true"/"false" for a yes/no option.
  function values(name) {
    var out = [];
    var fields = form.querySelectorAll("[name='" + name + "']");
    Array.prototype.forEach.call(fields, function (field) {
      if (field.tagName === "SELECT") {
        out.push(field.value);
      } else if (field.type === "checkbox" && field.value === "y") {
        out.push(field.checked ? "true" : "false");
      } else if (field.checked) {
        out.push(field.value);
      }
    });
    return out;
  }

  function controlOf(option, name, value) {
    var select = option.querySelector("select[name='" + name + "']");
    if (select) {
      return Array.prototype.filter.call(select.options, function (o) { return o.value === value; })[0];
    }
    return option.querySelector("input[name='" + name + "'][value='" + value + "']");
  }

  function plain(text) {
    return text.replace(/^[\s⚠]+|[\s.]+$/g, "").toLowerCase();
  }

  function chosen(control) {
    return control.tagName === "OPTION" ? control.selected : control.checked;
  }

  function update() {
    Array.prototype.forEach.call(reasons, function (why) {
      var option = why.closest(".option");
      var field = option.querySelector("input, select");
      var control = field && controlOf(option, field.name, why.getAttribute("data-why"));
      if (!control) { return; }
      var allowed = why.getAttribute("data-allowed").split(" ");
      var met = values(why.getAttribute("data-needs")).some(function (v) {
        return allowed.indexOf(v) >= 0;
      });
      var keep = chosen(control);
      control.disabled = !met && !keep;
      if (control.tagName === "INPUT") {
        if (control.disabled) { control.setAttribute("aria-describedby", why.id); }
        else { control.removeAttribute("aria-describedby"); }
      }
      // Chosen although the other option rules it out: a problem to solve, said as one
      // (unless the server's refusal beside the option says it already).
      var told = Array.prototype.some.call(option.querySelectorAll("p.error:not([data-why])"),
        function (p) { return plain(p.textContent) === plain(why.textContent); });
      why.hidden = met || (keep && told);
      why.classList.toggle("error", !met && keep);
    });
  }

  form.addEventListener("change", update);
  update();
})();
