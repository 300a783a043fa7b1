// The words the scripts say. They are not written here: every page carries them in the
// language it is in (templates/base.html: <script type="application/json" id="words">,
// filled by the server from scorer/words/scripts.py), and the scripts ask for them by key:
//   DokoWords.say("game", { number: 5 })        -> "Spiel 5" / "Game 5"
//   DokoWords.count("offline.waiting", n)       -> the singular for 1, else the plural
//   DokoWords.into(node, "draft.begun", { number: 5, link: a }) puts text and nodes in node
// A placeholder is %(name)s, as in the server's messages; %% is a percent sign. A key the
// page does not carry is said as the key itself (a bug to see, not a second text).
(function () {
  "use strict";
  var block = document.getElementById("words");
  var words = {};
  try {
    words = (block && JSON.parse(block.textContent)) || {};
  } catch (e) {
    words = {};
  }

  function pieces(text, values) {
    var out = [];
    var last = 0;
    text = String(text);
    text.replace(/%%|%\((\w+)\)s/g, function (found, name, at) {
      out.push(text.slice(last, at));
      last = at + found.length;
      if (!name) { out.push("%"); }
      else if (values && Object.prototype.hasOwnProperty.call(values, name)) { out.push(values[name]); }
      else { out.push(found); }
      return found;
    });
    out.push(text.slice(last));
    return out;
  }

  function fill(text, values) {
    return pieces(text, values).map(function (piece) {
      return piece && piece.nodeType ? piece.textContent : String(piece);
    }).join("");
  }

  function message(key, n) {
    var text = words[key];
    if (Array.isArray(text)) { return text[n === 1 ? 0 : 1]; }
    return typeof text === "string" ? text : key;
  }

  function withCount(n, values) {
    var all = { count: n };
    Object.keys(values || {}).forEach(function (name) { all[name] = values[name]; });
    return all;
  }

  window.DokoWords = {
    say: function (key, values) { return fill(message(key), values); },
    count: function (key, n, values) { return fill(message(key, n), withCount(n, values)); },
    // Text with nodes in it (a link inside a sentence): appended to ``node`` in order.
    into: function (node, key, values) {
      pieces(message(key), values).forEach(function (piece) {
        if (piece === "") { return; }
        node.appendChild(piece && piece.nodeType ? piece : document.createTextNode(String(piece)));
      });
      return node;
    }
  };
})();
