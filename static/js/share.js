// "Ergebnis teilen" on a closed evening's sheet (templates/_share.html): the phone's share
// sheet with the result's picture and its text where the phone shares files (the Web Share
// API with navigator.canShare({files})); the text and the read-only link where it shares
// only those (the link's preview shows the picture); elsewhere the picture is saved and the
// text copied to the clipboard (or shown to be copied by hand). Without this script the
// button is a link that saves the picture.
//
// The picture is fetched when the button is first touched, so that the share sheet opens
// within the tap's user activation; 202 means it is still being made, and is asked again.
(function () {
  "use strict";

  var pictures = {};

  function say(key) {
    return window.DokoWords ? window.DokoWords.say(key) : key;
  }

  function sleep(ms) {
    return new Promise(function (done) { setTimeout(done, ms); });
  }

  async function fetchPicture(href, name) {
    for (var attempt = 0; attempt < 20; attempt += 1) {
      var response = await fetch(href, { credentials: "same-origin",
                                         headers: { "X-Doko-Picture": "wait" } });
      if (response.status === 200) {
        var blob = await response.blob();
        return new File([blob], name, { type: "image/png" });
      }
      if (response.status !== 202) { throw new Error("picture: " + response.status); }
      await sleep(1000 * Number(response.headers.get("Retry-After") || 1));
    }
    throw new Error("picture: not made");
  }

  function picture(link, box) {
    var href = link.getAttribute("href");
    if (!pictures[href]) {
      pictures[href] = fetchPicture(href, box.dataset.shareFile);
      pictures[href].catch(function () { delete pictures[href]; });
    }
    return pictures[href];
  }

  function save(file) {
    var url = URL.createObjectURL(file);
    var a = document.createElement("a");
    a.href = url;
    a.download = file.name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  async function copy(text) {
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) { return false; }
      await navigator.clipboard.writeText(text);
      return true;
    } catch (e) {
      return false;
    }
  }

  async function share(link, box) {
    var status = box.querySelector("[data-share-status]");
    var title = box.dataset.shareTitle;
    var text = box.dataset.shareText;
    var url = box.dataset.shareUrl;
    var message = text + "\n" + url;
    var file = null;
    try {
      file = await picture(link, box);
    } catch (e) {
      file = null;
    }
    try {
      if (file && navigator.canShare && navigator.canShare({ files: [file] })) {
        await navigator.share({ files: [file], title: title, text: message });
        status.textContent = say("share.shared");
        return;
      }
      if (navigator.share) {
        await navigator.share({ title: title, text: text, url: url });
        status.textContent = say("share.shared");
        return;
      }
    } catch (err) {
      if (err && err.name === "AbortError") { return; } // the person closed the share sheet
      // Refused otherwise (no permission, too large): save and copy instead.
    }
    if (file) { save(file); }
    var copied = await copy(message);
    var copyBox = box.querySelector("[data-share-copy]");
    if (copied) {
      status.textContent = file ? say("share.saved") : say("share.failed");
      if (copyBox) { copyBox.hidden = true; }
    } else {
      status.textContent = file ? say("share.saved_only") : say("share.failed");
      if (copyBox) {
        copyBox.hidden = false;
        copyBox.select();
      }
    }
  }

  function touched(event) {
    var link = event.target.closest && event.target.closest("[data-share-button]");
    if (link) { picture(link, link.closest("[data-share]")).catch(function () {}); }
  }

  document.addEventListener("pointerdown", touched);
  document.addEventListener("focusin", touched);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-share-button]");
    if (!link) { return; }
    event.preventDefault();
    share(link, link.closest("[data-share]"));
  });
}());
