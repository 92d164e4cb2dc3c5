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
    }
  };
})();
