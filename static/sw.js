// kernelplay's service worker: after one visit the page opens with no
// network (a classroom with poor Wi-Fi loads it once). boot.js registers
// it, in a secure context only (HTTPS, or localhost / 127.0.0.1: browsers
// give a page served over plain HTTP from a LAN address no service worker).
//
// What it keeps: the files of one build, listed with the SHA-256 of their
// content in sw-manifest.js (written by `make wasm`,
// wasm/internal/swmanifest; it sets self.kpManifest), in a cache named
// after the build's version: "kernelplay-<version>". The browser checks
// this script and the manifest it imports for a change on every visit; a
// new build is a new manifest, so a new worker installs beside the old
// one and fills a cache of its own.
//
// Never two builds in one page:
//   - install downloads every listed file and checks its SHA-256 against
//     the manifest; one missing or different file (a deployment caught
//     half-way) fails the install, and its cache is deleted: the old
//     worker and its cache go on as they were;
//   - the new worker does not take over open pages (no skipWaiting, no
//     clients.claim): it waits, as browsers make workers wait, until no
//     page of the old build is open, so a page is only ever served by the
//     build its own index.html came from; a page opened on the first visit
//     is served by the network as before;
//   - activate deletes every other kernelplay- cache: the old build is gone
//     once no page can still ask for it.
//
// Encodings: serve.go (or a static host) sends main.wasm as brotli or
// gzip, and the style sheets and scripts gzipped, with Content-Encoding
// and Vary: Accept-Encoding. fetch() gives the worker the decoded body,
// which is what the manifest hashes; the cache holds that body with the
// response's headers but Content-Encoding, Content-Length (replaced by the
// decoded length) and Vary (the copy is the same whatever the page
// accepts). The Content-Security-Policy and the other security headers
// stay: a page served from the cache runs under the same policy.
//
// Requests: GET requests for a listed file, in the worker's scope (the
// directory of this script), are answered from the cache, and a
// navigation to the scope's root ("/", with any query; the share link is
// in the hash, which is never sent) with index.html; everything else goes
// to the network as if there were no worker. A listed file missing from the
// cache (the browser evicted it) goes to the network too.
"use strict";

importScripts("sw-manifest.js");

var manifest = self.kpManifest;
var cacheName = "kernelplay-" + manifest.version;
var prefix = "kernelplay-";

function listed(path) {
  return Object.prototype.hasOwnProperty.call(manifest.files, path);
}

function b64(buf) {
  var s = "", a = new Uint8Array(buf);
  for (var i = 0; i < a.length; i++) { s += String.fromCharCode(a[i]); }
  return btoa(s);
}

// copyOf returns the response to keep: body (the decoded bytes) with r's
// headers but the ones of the encoding (see the top of this file).
function copyOf(r, body) {
  var h = new Headers(r.headers);
  h.delete("Content-Encoding");
  h.delete("Vary");
  h.set("Content-Length", String(body.byteLength));
  return new Response(body, {status: 200, statusText: "OK", headers: h});
}

// keep downloads one listed file, checks it against the manifest and puts
// it in cache.
function keep(cache, path) {
  var url = new URL(path, self.registration.scope).href;
  // no-cache: revalidated with the server (a 304 is the HTTP cache's copy,
  // which the hash then checks); never an older copy taken as current.
  return fetch(url, {cache: "no-cache", credentials: "same-origin"}).then(function (r) {
    if (!r.ok) { throw new Error(path + ": HTTP " + r.status); }
    return r.arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body).then(function (sum) {
        var got = "sha256-" + b64(sum);
        if (got !== manifest.files[path]) {
          throw new Error(path + ": its content is not the build's (" + got + ", the manifest says " +
            manifest.files[path] + "): a deployment under way?");
        }
        return cache.put(url, copyOf(r, body));
      });
    });
  });
}

self.addEventListener("install", function (e) {
  if (manifest.format !== 1) {
    e.waitUntil(Promise.reject(new Error("sw-manifest.js: format " + manifest.format + ", this worker reads 1")));
    return;
  }
  e.waitUntil(caches.open(cacheName).then(function (cache) {
    return Promise.all(Object.keys(manifest.files).map(function (p) { return keep(cache, p); }));
  }).catch(function (err) {
    // Nothing half-made stays: the old worker goes on with its own cache.
    return caches.delete(cacheName).then(function () { throw err; });
  }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf(prefix) === 0 && n !== cacheName;
    }).map(function (n) { return caches.delete(n); }));
  }));
});

self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") { return; }
  var url = new URL(req.url), scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || url.pathname.indexOf(scope.pathname) !== 0) { return; }
  var path = url.pathname.slice(scope.pathname.length);
  if (req.mode === "navigate") {
    if (path === "") { path = "index.html"; }
  } else if (url.search !== "") {
    return;
  }
  if (!listed(path)) { return; }
  var key = new URL(path, scope).href;
  e.respondWith(caches.open(cacheName).then(function (cache) {
    return cache.match(key);
  }).then(function (r) {
    return r || fetch(req);
  }));
});
