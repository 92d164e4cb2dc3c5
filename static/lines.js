// kernelplay's line worker: strokes the plot's boundary and margins and
// draws its markers (points, support-vector rings) on an OffscreenCanvas,
// off the page's main thread (in Chromium without a GPU, rasterising those
// anti-aliased, dashed, haloed paths took about 4 ms of every frame there,
// compositing the markers 3–4 ms more). The page (static/draw.js, kpDraw)
// sends the canvas once, the sprite atlas when it changes, then one message
// per frame; each frame is answered so that the page sends no new frame
// while one is being drawn.
"use strict";
var canvas = null, ctx = null, ink = "#000", halo = "#fff", atlas = null, cells = [];
// last is the last frame drawn: the atlas arrives after the first frames
// (the page makes its bitmap asynchronously), and a paused page sends no
// more frames, so a new atlas redraws the last frame with its markers (a
// paused link opened with its points and rings, not without them).
var last = null;

onmessage = function (e) {
  var m = e.data;
  if (m.canvas) {
    canvas = m.canvas;
    ctx = canvas.getContext("2d");
    ink = m.ink;
    halo = m.halo;
    return;
  }
  if (m.atlas) {
    atlas = m.atlas;
    cells = m.cells;
    if (ctx && last) {
      draw(last);
    }
    return;
  }
  if (ctx) {
    last = m;
    draw(m);
  }
  postMessage(0);
};

// draw clears the canvas to pw×ph device pixels and draws m.xy: a count
// k, then per stroke (number of coordinates n, width, dash on, dash off,
// halo 0/1), then the strokes' x, y pairs in CSS pixels one after another
// (a NaN pair ends a polyline); then a count of markers and per marker its
// atlas cell and the device pixel of its top left corner.
function draw(m) {
  if (canvas.width !== m.pw || canvas.height !== m.ph) {
    canvas.width = m.pw;
    canvas.height = m.ph;
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(m.dpr, 0, 0, m.dpr, 0, 0);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  var f = m.xy, k = f[0], at = 1 + 5 * k;
  for (var s = 0; s < k; s++) {
    var d = 1 + 5 * s, n = f[d], width = f[d + 1];
    ctx.beginPath();
    var pen = false;
    for (var i = at; i + 1 < at + n; i += 2) {
      var x = f[i], y = f[i + 1];
      if (x !== x || y !== y) { pen = false; continue; }
      if (pen) { ctx.lineTo(x, y); } else { ctx.moveTo(x, y); pen = true; }
    }
    at += n;
    ctx.setLineDash(f[d + 2] > 0 ? [f[d + 2], f[d + 3]] : []);
    if (f[d + 4]) {
      ctx.strokeStyle = halo;
      ctx.lineWidth = width + 2;
      ctx.stroke();
    }
    ctx.strokeStyle = ink;
    ctx.lineWidth = width;
    ctx.stroke();
  }
  var nm = f[at] || 0;
  if (!atlas || nm === 0) { return; }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  var end = Math.min(f.length, at + 1 + 3 * nm);
  for (var j = at + 1; j + 2 < end; j += 3) {
    var c = 4 * f[j];
    ctx.drawImage(atlas, cells[c], cells[c + 1], cells[c + 2], cells[c + 3], f[j + 1], f[j + 2], cells[c + 2], cells[c + 3]);
  }
}
