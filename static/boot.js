// kernelplay's boot script (loaded by index.html after wasm_exec.js and
// draw.js): it lives in a file of its own, not inline, so that the server's
// Content-Security-Policy can forbid inline scripts (script-src 'self').
"use strict";
// Boot: fetch and compile main.wasm right away (it was preloaded), while
// the document parses; start the Go program once the body exists.
(function () {
  var domReady = new Promise(function (done) {
    if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", done); } else { done(); }
  });
  function fail(err) {
    domReady.then(function () {
      var m = document.getElementById("boot-msg");
      if (m) { m.textContent = "Could not start kernelplay: " + err + ". Build it with `make serve`."; m.className = "boot-error"; }
    });
  }
  if (!("WebAssembly" in window)) { fail("this browser has no WebAssembly"); return; }
  var go = new Go();
  var req = fetch("main.wasm", {credentials: "same-origin", priority: "high"});
  var inst = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(req, go.importObject)
    : req.then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  window.kpBoot = {};
  inst.then(function (r) {
    window.kpBoot.compiledMs = performance.now(); // fetched and compiled
    return domReady.then(function () { return go.run(r.instance); });
  }).then(function () {
    // main returned or the runtime died: say so instead of freezing.
    var d = document.createElement("div");
    d.className = "banner banner-error fatal";
    d.textContent = "kernelplay stopped. Reload the page to start again.";
    document.body.prepend(d);
  }, function (err) { fail(err); });
})();
