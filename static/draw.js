// kernelplay's bulk canvas drawing (window.kpDraw), called from the Go page
// (ui/bulk.go). A call from WebAssembly into JavaScript costs about a
// microsecond, so instead of one call per vertex or per marker the Go side
// copies the numbers into a Float64Array shared with this helper (one
// js.CopyBytesToJS) and makes one call per path.
// Nothing here keeps state besides that array.
"use strict";
window.kpDraw = (function () {
  var f64 = new Float64Array(4096);
  var u8 = new Uint8Array(f64.buffer);
  // The line worker (static/lines.js) and its flow control: at most one
  // frame in flight, and of the frames made meanwhile only the newest.
  var worker = null, busy = false, pending = null, failed = false;
  function post(m) {
    busy = true;
    worker.postMessage(m, [m.xy.buffer]);
  }
  return {
    // buffer returns the shared array's bytes with room for at least n
    // float64s (a new array when the old one is too small).
    buffer: function (n) {
      if (f64.length < n) {
        f64 = new Float64Array(Math.max(n, 2 * f64.length));
        u8 = new Uint8Array(f64.buffer);
      }
      return u8;
    },
    // path makes ctx's current path from the first n numbers: x, y pairs
    // in the canvas's units; a pair with a NaN ends a polyline (the next
    // pair starts one).
    path: function (ctx, n) {
      ctx.beginPath();
      var pen = false;
      for (var i = 0; i + 1 < n; i += 2) {
        var x = f64[i], y = f64[i + 1];
        if (x !== x || y !== y) { pen = false; continue; }
        if (pen) { ctx.lineTo(x, y); } else { ctx.moveTo(x, y); pen = true; }
      }
    },
    // linesStart hands canvas to a new line worker (static/lines.js) with
    // the line colours; false when the browser cannot (no OffscreenCanvas
    // or no workers): the page then strokes the lines itself.
    linesStart: function (canvas, ink, halo) {
      this.linesStop();
      if (typeof Worker === "undefined" || !canvas.transferControlToOffscreen || typeof createImageBitmap === "undefined") {
        return false;
      }
      try {
        var off = canvas.transferControlToOffscreen();
        worker = new Worker("lines.js");
        failed = false;
        worker.onerror = function (e) {
          // lines.js missing or broken: the page draws the lines itself.
          failed = true;
          if (console && console.error) { console.error("kernelplay: the line worker failed:", e.message || e); }
        };
        worker.onmessage = function () {
          busy = false;
          if (pending) { var m = pending; pending = null; post(m); }
        };
        worker.postMessage({canvas: off, ink: ink, halo: halo}, [off]);
        return true;
      } catch (e) {
        worker = null;
        return false;
      }
    },
    // linesAtlas sends the worker a copy of the sprite atlas canvas and its
    // cells (sx, sy, w, h per sprite) for the markers of later frames.
    linesAtlas: function (canvas, cells) {
      var w = worker;
      if (!w) { return; }
      createImageBitmap(canvas).then(function (bmp) {
        if (worker === w) { w.postMessage({atlas: bmp, cells: cells.slice()}, [bmp]); }
      });
    },
    // linesFrame sends the first n numbers of the shared array (the
    // layout static/lines.js reads) as the next frame of lines for a
    // pw×ph canvas at pixel ratio dpr. It returns false, sending nothing,
    // when there is no working line worker.
    linesFrame: function (n, pw, ph, dpr) {
      if (!worker || failed) { return false; }
      var m = {xy: f64.slice(0, n), pw: pw, ph: ph, dpr: dpr};
      if (busy) { pending = m; } else { post(m); }
      return true;
    },
    // linesStop ends the line worker, if any.
    linesStop: function () {
      if (worker) { worker.terminate(); }
      worker = null; busy = false; pending = null;
    }
  };
})();
