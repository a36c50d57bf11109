// Zebra's live pages: follow the page's event stream and put each changed part in its place.
// The server renders and escapes every part; this script only swaps them in, so a page shows
// the same thing after a reload as before it. Nothing here sends anything back.
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-events");
  var state = document.getElementById("livestate");
  function show(live) {
    body.setAttribute("data-live", live ? "on" : "off");
    if (state) {
      state.textContent = live ? "live" : "reconnecting…";
    }
  }
  if (!url || !window.EventSource) {
    return;
  }
  var source = new EventSource(url);
  source.onopen = function () {
    show(true);
  };
  source.onerror = function () {
    show(false);
  };
  source.onmessage = function (message) {
    var parts = JSON.parse(message.data);
    Object.keys(parts).forEach(function (name) {
      if (name === "_title") {
        document.title = parts[name];
        return;
      }
      var element = document.getElementById(name);
      if (element) {
        element.innerHTML = parts[name];
      }
    });
    show(true);
    body.setAttribute("data-updates", String(Number(body.getAttribute("data-updates") || 0) + 1));
  };
})();
