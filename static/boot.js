// kernelplay's boot script (loaded by index.html after wasm_exec.js and
// draw.js): it lives in a file of its own, not inline, so that the server's
// Content-Security-Policy can forbid inline scripts (script-src 'self').
"use strict";
// Boot: fetch and compile main.wasm (index.html preloads it) while it
// downloads, counting the bytes for the loading view; start the Go program
// once the body exists. index.html loads the scripts with defer, so that
// the loading view is painted without waiting for them.
//
// The stopped view: when the Go program catches a panic it stops the page
// and calls kpBoot.stopped("panic", message, report) (ui/crash.go); when the
// runtime itself ends (out of memory, a panic it could not recover) this
// script shows the same view with a report made of the program's last
// output. Both offer Start over (the page without the failing link: the
// default demo) and Copy error report. kpBoot.report and kpBoot.stoppedKind
// are what the view shows, for the browser tests.
(function () {
  var kp = window.kpBoot = {};
  var domReady = new Promise(function (done) {
    if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", done); } else { done(); }
  });
  function fail(err) {
    domReady.then(function () {
      var m = document.getElementById("boot-msg");
      if (m) { m.textContent = "Could not start kernelplay: " + err + ". Build it with `make serve`."; m.className = "boot-error"; }
    });
  }

  // The program's last output (the runtime prints its fatal error and the
  // goroutines' stacks there), for the report when the runtime ends.
  var output = "";
  var keepOutput = 12000; // characters
  if (globalThis.fs && globalThis.fs.writeSync) {
    var write = globalThis.fs.writeSync, dec = new TextDecoder("utf-8");
    globalThis.fs.writeSync = function (fd, buf) {
      try {
        output += dec.decode(buf);
        if (output.length > 2 * keepOutput) { output = output.slice(-keepOutput); }
      } catch (e) { /* the report is best effort */ }
      return write.apply(this, arguments);
    };
  }

  function copyText(text, done) {
    function fallback() {
      var ta = document.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.className = "report-copy";
      document.documentElement.appendChild(ta);
      ta.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      ta.remove();
      done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else {
      fallback();
    }
  }

  // stopped shows the stopped view once (the first cause is the one that
  // matters; later ones only go to the console).
  kp.stopped = function (kind, message, report) {
    if (kp.stoppedKind) { console.error("kernelplay: " + kind + " after the page stopped: " + message); return; }
    kp.stoppedKind = kind;
    kp.report = report;
    domReady.then(function () {
      var d = document.createElement("div");
      d.className = "banner banner-error fatal";
      d.id = "stopped";
      d.setAttribute("role", "alert");
      d.setAttribute("data-kind", kind);
      var m = document.createElement("span");
      m.className = "msg";
      m.textContent = message;
      var again = document.createElement("a");
      again.className = "btn";
      again.id = "start-over";
      again.textContent = "Start over";
      again.title = "open the default demo (this page without the link that failed)";
      again.href = location.pathname + location.search; // no hash: a new load, not the failing link
      var copy = document.createElement("button");
      copy.className = "btn";
      copy.id = "copy-report";
      copy.type = "button";
      copy.textContent = "Copy error report";
      copy.title = "the error, where it happened, the link and the build: paste it into a bug report";
      copy.addEventListener("click", function () {
        copyText(report, function (ok) {
          if (ok) { copy.textContent = "Report copied"; return; }
          // No clipboard: show the report to select by hand.
          var pre = document.createElement("textarea");
          pre.value = report;
          pre.setAttribute("readonly", "");
          pre.rows = 8;
          d.appendChild(pre);
          pre.select();
          copy.textContent = "Select and copy the report below";
        });
      });
      d.append(m, again, copy);
      // On the root element, not the body: Vecty may replace the body.
      document.documentElement.appendChild(d);
      again.focus();
    });
  };

  function runtimeEnded(why) {
    var rep = "kernelplay error report\nwhere: the Go runtime ended (" + why + ")\n" +
      "link: " + location.href + "\nbuild: " + (kp.build || "unknown") + "\n" +
      "browser: " + navigator.userAgent + "\nlast output:\n" + output.slice(-keepOutput);
    kp.stopped("exit", "kernelplay stopped (" + why + "). Reloading would replay the same link: " +
      "Start over opens the default demo; Copy error report copies what a bug report needs.", rep);
  }

  // The loading view's progress (index.html's skeleton): the bytes of
  // main.wasm received, counted as they stream into the compiler, then
  // "starting". The bytes counted are the decoded ones (the server sends
  // main.wasm.gz with Content-Encoding: gzip and the browser inflates it),
  // so the total is the decoded size: serve.go's X-Decoded-Content-Length,
  // else Content-Length when the response is not encoded; without either
  // (a static host that compresses on the fly) the view shows the bytes
  // alone. kp.bytes, kp.total, kp.firstByteMs (when the first bytes
  // arrived) and kp.progressMs (when a byte count was first shown; ms from
  // navigation) are for the browser tests.
  kp.bytes = 0;
  kp.total = 0;
  var shown = false, pending = false;
  function mb(n) { return (n / 1e6).toFixed(1) + " MB"; }
  function paint() {
    pending = false;
    var m = document.getElementById("boot-msg"), bar = document.getElementById("boot-progress");
    if (!m || m.className === "boot-error") { return; }
    if (kp.phase === "starting") {
      m.textContent = "Starting…";
      if (bar) { bar.removeAttribute("value"); }
      return;
    }
    if (kp.bytes === 0) { return; }
    m.textContent = "Loading the learner: " +
      (kp.total > 0 ? (kp.bytes / 1e6).toFixed(1) + " of " + mb(kp.total) : mb(kp.bytes));
    if (bar && kp.total > 0) { bar.max = kp.total; bar.value = Math.min(kp.bytes, kp.total); }
    if (!shown) { shown = true; kp.progressMs = performance.now(); }
  }
  function progress(phase) {
    if (phase) { kp.phase = phase; paint(); return; } // "starting": at once, the program runs next
    if (!pending) { pending = true; requestAnimationFrame(paint); }
  }
  // counted counts r's bytes as they arrive, reading a clone of it (a tee
  // of its body), and returns r itself for WebAssembly.instantiateStreaming,
  // which compiles as the bytes arrive: r keeps its URL, so that the
  // browser can cache the compiled code for the next load (a Response built
  // from a counting stream has none).
  function counted(r) {
    var h = r.headers;
    kp.total = Number(h.get("X-Decoded-Content-Length")) ||
      (!h.get("Content-Encoding") && Number(h.get("Content-Length"))) || 0;
    if (!r.body || typeof r.clone !== "function") { return r; }
    var reader = r.clone().body.getReader();
    (function pump() {
      reader.read().then(function (c) {
        if (c.done) { return; }
        if (kp.bytes === 0) { kp.firstByteMs = performance.now(); }
        kp.bytes += c.value.byteLength;
        progress();
        pump();
      }, function () { /* the fetch failed: the compile reports it */ });
    })();
    return r;
  }

  if (!("WebAssembly" in window)) { fail("this browser has no WebAssembly"); return; }
  var go = new Go();
  var req = fetch("main.wasm", {credentials: "same-origin", priority: "high"}).then(function (r) {
    if (!r.ok) { throw new Error("main.wasm: HTTP " + r.status); }
    return counted(r);
  });
  var inst = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(req, go.importObject)
    : req.then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  // A trap in the program (it cannot be recovered in Go) surfaces as an
  // uncaught error of whatever called into it.
  window.addEventListener("error", function (e) {
    var err = e.error;
    if (go.exited || (typeof WebAssembly.RuntimeError === "function" && err instanceof WebAssembly.RuntimeError)) {
      runtimeEnded(go.exited ? "the program exited" : "the program trapped: " + err.message);
    }
  });
  // After a long download (a slow network: the loading view has been up
  // for a while) "Starting…" is painted before the program starts, which
  // takes one frame; a fast load starts at once (the first surface is the
  // next thing painted).
  var paintStarting = 400; // ms after navigation
  inst.then(function (r) {
    kp.compiledMs = performance.now(); // fetched and compiled
    progress("starting");
    return domReady.then(function () {
      if (kp.compiledMs < paintStarting) { return go.run(r.instance); }
      return new Promise(function (painted) {
        requestAnimationFrame(function () { setTimeout(painted, 0); });
      }).then(function () { return go.run(r.instance); });
    });
  }).then(function () {
    // main returned or the runtime died: say so instead of freezing.
    runtimeEnded(/out of memory/.test(output) ? "it ran out of memory" : "the program ended");
  }, function (err) { fail(err); });
})();
