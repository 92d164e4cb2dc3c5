// kernelplay's compile worker: index.html's inline script starts it
// (new Worker("compile.js")) on a returning visit, when the service worker
// controls the page, so that main.wasm is fetched and its cached compiled
// code deserialized off the page's main thread (issue 24: 100 ms or more
// of main-thread work on a CPU 4× slower; why not on a first visit:
// index.html). It fetches main.wasm itself, with
// the URL the browser keeps the compiled code under, so that a warm load
// deserializes that code in this worker instead of compiling again, and
// compiles it with WebAssembly.compileStreaming as the bytes arrive. It
// posts to the page, in order:
//
//   - {total: n}: the decoded size (serve.go's X-Decoded-Content-Length, else
//     Content-Length when the response is not encoded; 0 when unknown);
//   - {bytes: n}: the decoded bytes read so far (from a clone of the body),
//     for the loading view's progress;
//   - {timing: {start, responseStart, responseEnd, workerStart}}: main.wasm's
//     resource timing in this worker (ms after this worker's time origin,
//     {origin}: performance.timeOrigin), for the browser tests, which read
//     the page's timeline and would not find it there;
//   - {module: m}: the compiled WebAssembly.Module (a Module is structured-
//     cloneable to the page that started this same-origin worker); or
//   - {error: "…"}: an HTTP error, a failed fetch or a failed compile, which
//     the page shows as boot.js shows it on the main-thread path.
//
// {unsupported: true}: this worker has no fetch or no compileStreaming; the
// page then fetches and compiles main.wasm itself. The worker stays alive
// after it posted the module: the browser writes the compiled code to its
// cache from the thread that compiled it, once the module's optimized code
// is done (seconds later); a terminated worker would write none.
"use strict";
(function () {
  if (typeof fetch !== "function" || typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") {
    self.postMessage({unsupported: true});
    return;
  }
  function count(r) {
    var h = r.headers;
    self.postMessage({total: Number(h.get("X-Decoded-Content-Length")) ||
      (!h.get("Content-Encoding") && Number(h.get("Content-Length"))) || 0});
    if (!r.body || typeof r.clone !== "function") { return; }
    var reader = r.clone().body.getReader(), n = 0;
    (function pump() {
      reader.read().then(function (c) {
        if (c.done) { return; }
        n += c.value.byteLength;
        self.postMessage({bytes: n});
        pump();
      }, function () { /* the fetch failed: the compile reports it */ });
    })();
  }
  function timing() {
    var e = typeof performance === "object" && performance.getEntriesByType &&
      performance.getEntriesByType("resource").filter(function (e) { return /\/main\.wasm$/.test(e.name); })[0];
    if (e) {
      self.postMessage({timing: {origin: performance.timeOrigin, start: e.startTime, responseStart: e.responseStart,
        responseEnd: e.responseEnd, workerStart: e.workerStart}});
    }
  }
  fetch("main.wasm", {credentials: "same-origin", priority: "high"}).then(function (r) {
    if (!r.ok) { throw new Error("main.wasm: HTTP " + r.status); }
    count(r);
    return WebAssembly.compileStreaming(r);
  }).then(function (m) {
    timing();
    self.postMessage({module: m});
  }, function (err) {
    self.postMessage({error: String(err)});
  });
})();
