// Zebra's web pad (zebra serve --pad): the tablet's keys, asked of the server after each tap.
// Every text shown here is set as text (textContent), never as markup. Writes are POSTs to this
// server with the page's token, the side's code and the version the keys were built on.
(function () {
  "use strict";
  var main = document.querySelector("main.pad");
  if (!main) {
    return;
  }
  var game = main.getAttribute("data-game");
  var token = main.getAttribute("data-token");
  var base = "/game/" + game + "/";
  var body = document.body;
  var taps = [];
  var keysVersion = null;
  // The version the taps so far were made on, and the latest request for keys (only its
  // answer is drawn, so a slow answer never replaces a newer one).
  var tapsVersion = null;
  var asked = 0;
  var waiting = 0;
  var fixing = null;
  var byId = function (id) { return document.getElementById(id); };
  var code = byId("code");
  var name = byId("name");
  var said = byId("said");

  function fromHash() {
    var found = /(?:^|[#&])code=([a-z0-9]+)/i.exec(location.hash || "");
    if (found) {
      sessionStorage.setItem("zebra-pad-" + game, found[1]);
      history.replaceState(null, "", location.pathname);
    }
    code.value = sessionStorage.getItem("zebra-pad-" + game) || "";
    name.value = localStorage.getItem("zebra-pad-name") || "";
    // Folded away once the phone has its code, so the keys come first on a small screen.
    byId("joinbox").open = !code.value;
  }
  code.addEventListener("change", function () {
    sessionStorage.setItem("zebra-pad-" + game, code.value.trim());
  });
  name.addEventListener("change", function () {
    localStorage.setItem("zebra-pad-name", name.value.trim());
  });

  function liveVersion() {
    var mark = byId("padversion");
    return mark ? mark.getAttribute("data-version") : "";
  }

  // The newest version this phone has seen: the live parts', or its keys' (fetched after its
  // own write is recorded, before the live parts may have followed).
  function seenVersion() {
    var written = Number(body.getAttribute("data-answer-version")) || 0;
    return String(Math.max(Number(liveVersion()) || 0, Number(keysVersion) || 0, written));
  }

  function say(text, status) {
    said.textContent = text;
    said.className = "said " + (status >= 400 ? "refused" : "recorded");
    body.setAttribute("data-said", String(status));
    body.setAttribute("data-answers", String(Number(body.getAttribute("data-answers") || 0) + 1));
  }

  function key(label, detail, onTap, extra) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "key" + (extra && extra.wide ? " wide" : "");
    var big = document.createElement("span");
    big.textContent = label;
    button.appendChild(big);
    if (detail) {
      button.className += " form";
      var small = document.createElement("small");
      small.textContent = detail;
      button.appendChild(small);
    }
    if (extra && extra.colour) {
      button.setAttribute("data-colour", String(extra.colour).toLowerCase());
    }
    if (extra && extra.count) {
      button.setAttribute("data-count", String(extra.count));
      big.textContent = label + " ×" + extra.count;
    }
    if (extra && extra.tap) {
      button.setAttribute("data-tap", JSON.stringify(extra.tap));
    }
    if (extra && extra.off) {
      button.disabled = true;
    }
    button.addEventListener("click", onTap);
    return button;
  }

  function tap(what) {
    if (!taps.length) {
      tapsVersion = keysVersion;
    }
    taps.push(what);
    refresh();
  }

  function draw(shown) {
    if (taps.length && tapsVersion !== shown.version) {
      // The game moved on while this phone was tapping: its taps were for another prompt.
      taps = [];
      say("The game moved on (another pad or the table entered): start again.", 409);
      refresh();
      return;
    }
    keysVersion = shown.version;
    body.setAttribute("data-keys-version", String(shown.version));
    byId("prompt").textContent = shown.prompt || "";
    byId("progress").textContent = shown.progress || "";
    var keys = byId("keys");
    var typed = byId("typed");
    keys.textContent = "";
    typed.textContent = "";
    if (shown.entry) {
      taps = [];
      send("entries", { text: shown.entry, version: String(shown.version) });
      return;
    }
    shown.keys.forEach(function (k) {
      keys.appendChild(key(k.label, k.detail, function () { tap(k.tap); }, k));
    });
    var calls = byId("calls");
    calls.textContent = "";
    (shown.calls || []).forEach(function (k) {
      calls.appendChild(key(k.label, k.detail, function () { tap(k.tap); }, k));
    });
    if (shown.input) {
      field(typed, shown.input.label, shown.input.kind, shown.input.suggestions, function (v) {
        tap(["choose", v]);
      });
    }
    body.setAttribute("data-pad", "ready");
    body.setAttribute("data-mode", shown.mode);
  }

  function field(where, label, kind, suggestions, done) {
    var input = document.createElement("input");
    input.className = "entry-field";
    input.id = "entry-field";
    input.setAttribute("aria-label", label);
    input.placeholder = label;
    input.maxLength = 200;
    if (kind === "number") {
      input.inputMode = "decimal";
    }
    where.appendChild(input);
    var enter = key("ENTER", "", function () {
      if (input.value.trim()) {
        done(input.value.trim());
      }
    }, { wide: true });
    enter.id = "entry-enter";
    where.appendChild(enter);
    (suggestions || []).forEach(function (s) {
      where.appendChild(key(s, "", function () { done(s); }));
    });
    input.focus();
  }

  function refresh() {
    body.setAttribute("data-pad", "asking");
    var mine = ++asked;
    waiting += 1;
    var url = base + "pad/keys?taps=" + encodeURIComponent(JSON.stringify(taps));
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (shown) {
        waiting -= 1;
        if (mine === asked) {
          draw(shown);
        }
      })
      .catch(function () {
        waiting -= 1;
        say("the server did not answer; try again", 503);
      });
  }

  function send(what, fields) {
    var form = new URLSearchParams();
    form.set("token", token);
    form.set("code", code.value.trim());
    form.set("name", name.value.trim());
    Object.keys(fields).forEach(function (k) { form.set(k, fields[k]); });
    body.setAttribute("data-pad", "sending");
    waiting += 1;
    fetch(base + what, { method: "POST", body: form, credentials: "same-origin" })
      .then(function (r) {
        return r.json().then(function (answer) { return [r.status, answer]; });
      })
      .then(function (done) {
        waiting -= 1;
        var status = done[0];
        var answer = done[1];
        if (status === 201) {
          body.setAttribute("data-answer-version", String(answer.version));
        }
        say(status === 201 ? "Recorded as " + answer.by : answer.message, status);
        taps = [];
        refresh();
      })
      .catch(function () {
        waiting -= 1;
        say("the server did not answer; nothing was recorded", 503);
      });
  }

  // Undo, corrections and disputes: a reason first (and an amended entry's new text).
  function openFix(kind, seq, text) {
    fixing = { kind: kind, seq: seq };
    byId("fix").hidden = false;
    byId("fixwhat").textContent = kind.toUpperCase() + (seq ? " entry " + seq : "");
    byId("fixtextlabel").hidden = kind !== "amend";
    byId("fixtext").value = text || "";
    byId("fixreason").value = "";
    (kind === "amend" ? byId("fixtext") : byId("fixreason")).focus();
  }
  byId("fixsend").addEventListener("click", function () {
    if (!fixing) {
      return;
    }
    var fields = { reason: byId("fixreason").value, version: seenVersion() };
    if (fixing.seq) {
      fields.seq = fixing.seq;
    }
    if (fixing.kind === "amend") {
      fields.text = byId("fixtext").value;
    }
    byId("fix").hidden = true;
    send(fixing.kind, fields);
    fixing = null;
  });
  byId("fixcancel").addEventListener("click", function () {
    byId("fix").hidden = true;
    fixing = null;
  });
  byId("undo").addEventListener("click", function () { openFix("undo"); });
  byId("back").addEventListener("click", function () {
    taps.pop();
    refresh();
  });
  byId("type").addEventListener("click", function () {
    var typed = byId("typed");
    typed.textContent = "";
    field(typed, "Type the entry", "text", [], function (text) {
      send("entries", { text: text, version: String(keysVersion || liveVersion()) });
    });
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-act]") : null;
    if (!button) {
      return;
    }
    var act = button.getAttribute("data-act");
    if (act === "confirm") {
      send("confirm", { version: seenVersion() });
    } else {
      openFix(act, button.getAttribute("data-seq"), button.getAttribute("data-text"));
    }
  });
  // The live parts changed (zebra.js swapped them in): a new version means new keys.
  // While an answer is awaited it brings the newest keys itself.
  new MutationObserver(function () {
    if (!waiting && Number(liveVersion()) > Number(keysVersion)) {
      taps = [];
      refresh();
    }
  }).observe(byId("padstate"), { childList: true, subtree: true });

  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    form.addEventListener("submit", function (event) { event.preventDefault(); });
  });
  fromHash();
  refresh();
  window.zebraPad = { refresh: refresh, taps: function () { return taps; } };
})();
