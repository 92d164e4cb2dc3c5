// kernelplay's boot script (loaded by index.html after wasm_exec.js and
// draw.js): it lives in a file of its own, not inline: the server's
// Content-Security-Policy allows no inline script but index.html's small
// counter, by its hash (script-src 'self' 'sha256-…').
"use strict";
// Boot: instantiate main.wasm (index.html's inline script started its
// download and compilation and counts its bytes); start the Go program
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
  // index.html's inline script made kpBoot, started main.wasm's download
  // (kpBoot.wasm) and its compilation (kpBoot.module) and counts its bytes
  // into the loading view; without it (a
  // host whose policy blocks that script) this script fetches main.wasm
  // itself, and the view shows no byte count.
  var kp = window.kpBoot = window.kpBoot || {};
  kp.bootMs = performance.now(); // when this script ran (ms after navigation), for the browser tests
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
      // The page behind no longer runs: it must not say "❚❚ Pause" nor take
      // clicks (inert), and it is greyed (style.css, html.page-stopped).
      var play = document.getElementById("play");
      if (play) { play.textContent = "▶ Play"; play.disabled = true; play.title = "the page stopped: Start over"; }
      if (document.body) { document.body.inert = true; }
      document.documentElement.classList.add("page-stopped");
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

  if (!("WebAssembly" in window)) { fail("this browser has no WebAssembly"); return; }
  var go = new Go();
  // wasm/simd's SIMD kernel rows: the program builds that module on its memory (kp.mem) and calls it here.
  go.importObject.kernelplay = {dots: function (a, b, c, d, e) { kp.simd.dots(a, b, c, d, e); }, lane: function (a, b, c, d, e, f) { kp.simd.lane(a, b, c, d, e, f); }};
  // The response, when this script instantiates it (no kpBoot.module):
  // index.html's (kpBoot.wasm), else fetched here.
  function req() {
    return kp.wasm || fetch("main.wasm", {credentials: "same-origin", priority: "high"}).then(function (r) {
      if (!r.ok) { throw new Error("main.wasm: HTTP " + r.status); }
      return r;
    });
  }
  // index.html's script compiles main.wasm as it downloads (kpBoot.module,
  // in its compile worker or on this thread; it may resolve to null when
  // there was no compileStreaming after all); this script only
  // instantiates it with the Go program's imports.
  function fromResponse() {
    return WebAssembly.instantiateStreaming
      ? WebAssembly.instantiateStreaming(req(), go.importObject)
      : req().then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  }
  var inst = kp.module
    ? kp.module.then(function (m) {
      if (!m) { return fromResponse(); }
      return WebAssembly.instantiate(m, go.importObject).then(function (i) { return {module: m, instance: i}; });
    })
    : fromResponse();
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
  // The style sheets: index.html links them at the end of its body, so
  // that they do not hold back the loading view's first paint, but the Go
  // program replaces the body; they move to the head once the document is
  // parsed (loaded: they held the parser), and the program starts when
  // they apply again (a moved sheet loads again, from the memory cache).
  var styled = domReady.then(function () {
    var links = Array.prototype.slice.call(document.body.querySelectorAll('link[rel="stylesheet"]'));
    return Promise.all(links.map(function (l) {
      return new Promise(function (done) {
        l.addEventListener("load", done);
        l.addEventListener("error", done); // the page runs unstyled rather than not at all
        document.head.appendChild(l);
        // Chromium loads a moved sheet again and fires load; a browser
        // that fires nothing must not keep the page from starting: the
        // program starts after 1.5 s anyway (the sheet, in the head, still
        // applies; it is in the memory cache).
        setTimeout(done, 1500);
      });
    }));
  });
  // The embedding API's browser side (the protocol, its checks and the
  // actions are the Go program's: ui/embed, ui/embed_js.go, which calls
  // embedStart when the link lists origins with embed=). Messages from the
  // listed origins go to handle(origin, kernelplay, type, n, link): the
  // data's four fields Go reads (field: a string cut after max + 1
  // characters, so that what Go copies is bounded). handle returns
  // the reply's JSON, or "" for a message that is not for the page; the
  // request's id, if it has one, is copied onto the reply as it came (Go
  // never reads it), which goes to the sender's window and origin (never
  // "*"), and the events (embedPost) to the last sender. handle()
  // without arguments runs a few times a second once a host has asked
  // something (the events of a playing run); ready is posted once to the
  // parent window for each listed origin (the browser delivers the one
  // that is the parent's, and logs the others).
  kp.embedPost = function () {};
  kp.embedStart = function (origins, max, handle, ready) {
    var list = origins.split(","), host = null, hostOrigin = "", timer = 0;
    // A field as Go reads it: a number, a string cut after max + 1
    // characters, undefined or null for none, true for any other value (an
    // object, a boolean, a BigInt, which syscall/js cannot take): wrong.
    var field = function (v) {
      return typeof v === "string" ? v.slice(0, max + 1) : typeof v === "number" || v == null ? v : true;
    };
    window.addEventListener("message", function (e) {
      if (list.indexOf(e.origin) < 0 || !e.source || typeof e.data !== "object" || e.data === null) { return; }
      var d = e.data;
      var reply = handle(e.origin, field(d.kernelplay), field(d.type), field(d.n), field(d.link));
      if (!reply) { return; }
      host = e.source;
      hostOrigin = e.origin;
      reply = JSON.parse(reply);
      if (d.id !== undefined) { reply.id = d.id; }
      host.postMessage(reply, hostOrigin);
      if (!timer) { timer = setInterval(function () { handle(); }, 250); }
    });
    kp.embedPost = function (json) {
      if (host) { host.postMessage(JSON.parse(json), hostOrigin); }
    };
    if (window.parent !== window) {
      list.forEach(function (o) { window.parent.postMessage(JSON.parse(ready), o); });
    }
  };

  // Offline: the service worker (sw.js) keeps this build's files for the
  // next visit, which then opens with no network. It is registered once
  // main.wasm is compiled and the page has loaded, a second later (its
  // install downloads the build's files once more, revalidated, and must
  // not compete with the first download and the first picture), and only
  // where browsers allow one: a secure context (HTTPS, or localhost and
  // 127.0.0.1; not plain HTTP from a LAN address). updateViaCache "none":
  // the browser asks the server for sw.js and sw-manifest.js on every
  // update check, whatever a static host's caching headers say. kpBoot.sw
  // says how it went, for the browser tests: "unsupported", "waiting",
  // "registering", "ready" (a worker is active for this page's scope) or
  // "error: …", and kpBoot.swMs when it registered (ms after
  // navigation); the page works the same without one.
  kp.sw = "unsupported";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    kp.sw = "waiting";
    var loaded = new Promise(function (done) {
      if (document.readyState === "complete") { done(); } else { window.addEventListener("load", done); }
    });
    Promise.all([inst, loaded]).then(function () {
      return new Promise(function (later) { setTimeout(later, 1000); });
    }).then(function () {
      kp.sw = "registering";
      kp.swMs = performance.now();
      return navigator.serviceWorker.register("sw.js", {updateViaCache: "none"});
    }).then(function (reg) {
      var w = reg.installing;
      if (w) {
        w.addEventListener("statechange", function () {
          if (w.state === "redundant" && !reg.active) { kp.sw = "error: the worker's install failed (see its console)"; }
        });
      }
      return navigator.serviceWorker.ready;
    }).then(function () { kp.sw = "ready"; }, function (err) { kp.sw = "error: " + err; });
  }
  // The loading view's picture (first.jpg) is painted before the program
  // replaces the body: on a fast load main.wasm can be ready (from the
  // cache) before the picture was ever painted, and the largest
  // contentful paint is then a block of the live page's text, after the
  // program started (Lighthouse read 7.9 s instead of 1 s on its
  // simulated phone, 3 runs in 5; its traces show the picture as Chrome's
  // candidate whenever it was painted). The picture is decoded and one
  // frame painted with it; one that fails or takes over a second does not
  // hold the page back. Usually done long before main.wasm.
  var pictured = new Promise(function (done) {
    var pic = document.querySelector(".boot-pic");
    if (!pic || typeof pic.decode !== "function") { done(); return; }
    pic.decode().then(function () {
      requestAnimationFrame(function () { setTimeout(done, 0); });
    }, done);
    setTimeout(done, 1000);
  });
  inst.then(function (r) {
    kp.compiledMs = performance.now(); // fetched and compiled
    kp.mem = r.instance.exports.mem; // the Go program's memory, for wasm/simd
    if (kp.progress) { kp.progress("starting"); }
    // kpBoot.runMs: when the Go program started (ms after navigation), for the browser tests.
    function run() { kp.runMs = performance.now(); return go.run(r.instance); }
    return Promise.all([styled, pictured]).then(function () {
      if (kp.compiledMs < paintStarting) { return run(); }
      return new Promise(function (painted) {
        requestAnimationFrame(function () { setTimeout(painted, 0); });
      }).then(run);
    });
  }).then(function () {
    // main returned or the runtime died: say so instead of freezing.
    runtimeEnded(/out of memory/.test(output) ? "it ran out of memory" : "the program ended");
  }, function (err) { fail(err); });
})();
