// kernelplay's bulk canvas drawing (window.kpDraw), called from the Go page
// (ui/bulk.go). A call from WebAssembly into JavaScript costs about a
// microsecond, so instead of one call per vertex or per marker the Go side
// copies the numbers into a Float64Array shared with this helper (one
// js.CopyBytesToJS) and makes one call per path or per batch of markers.
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
    },
    // sprites copies markers from the atlas canvas: the first n numbers are
    // triples (sprite, x, y): sprite indexes cells, a flat array of
    // (sx, sy, w, h) in atlas pixels; x, y is the device pixel where the
    // cell's top left corner goes. Drawn with the identity transform, so
    // each copy is an unscaled, unfiltered blit.
    sprites: function (ctx, atlas, cells, n) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      for (var i = 0; i + 2 < n; i += 3) {
        var k = 4 * f64[i], w = cells[k + 2], h = cells[k + 3];
        ctx.drawImage(atlas, cells[k], cells[k + 1], w, h, f64[i + 1], f64[i + 2], w, h);
      }
      ctx.restore();
    }
  };
})();
