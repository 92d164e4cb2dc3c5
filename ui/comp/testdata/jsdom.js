// Preloaded by node (-r) before Go's wasm_exec_node.js: a jsdom document
// and its animation frames as the globals Vecty looks for.
"use strict";
const { JSDOM } = require(process.env.KP_JSDOM + "/node_modules/jsdom");
const dom = new JSDOM("<!DOCTYPE html><html><head></head><body></body></html>", { pretendToBeVisual: true });
globalThis.window = dom.window;
globalThis.document = dom.window.document;
globalThis.requestAnimationFrame = (cb) => dom.window.requestAnimationFrame(cb);
