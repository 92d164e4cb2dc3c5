// Package ui is the playground page: Vecty components for the top bar,
// the controls (built from state.Fields), the message banner, the plot, the
// buffer strip, the charts and the read-outs, and the Playground that wires them to
// the store of ui/app and runs the frame loop.
//
// # Shape
//
// The page decides nothing about the run: app.Store (ui/app) holds the run
// a share link carries (its configuration at t = 0 and its timeline of
// edits), the one app.Run built from it (2D plot, RES vs SGD, digits,
// compare, or waiting for its data set) and the banner message, and the
// rules of the page (app.Options, app.ClickClass, app.Route). Actions from
// the controls go through Store.Dispatch and listeners rerender the page,
// as in Vecty's todomvc example, without package-level state.
//
// # The frame loop
//
// The canvases (the plot, a comparison's second plot, the strip, the
// charts, the digits canvases) implement comp.Mounter and comp.Skipper:
// Vecty renders them once per mount, and the frame loop draws them. They
// take what they draw as props — the run (a *sim.Sim, *sim.Digits or
// app.Run), its configuration, the surface's grid, where the plot's input
// goes (a Dispatch function) — which Playground.feed reads from the store before
// every draw and after every change of the store; they hold no pointer to
// Playground or the store. A 2D comparison's second learner is a second Plot fed
// the second run (Plot.P.Second: one small canvas, no input).
//
// There is one loop for every mode (Playground.frame, one reused
// requestAnimationFrame js.Func): after the clock and a long replay's
// frames, the mode on screen (frameMode: plotMode for 2D and RES vs SGD,
// digitsMode for digits) advances the run by a capped number of ticks
// (Pacer, as Ebitengine's clock) times StepsPerFrame within the frame's
// learning budget, then draws what changed (Ebitengine's Update, then
// Draw). The pacing and measurements are one type, frameLoop, embedded in
// Playground: the clock (Pacer), the learning budget (Slicer, FrameGovernor,
// Reduction), the surface's grid (GridGovernor), a long replay's pace, the
// rates the read-outs show (RateMeter), the staggered redraws (Stagger) and
// what was drawn last; all of ui/pace, pure and tested with simulated
// clocks, so that the frame adapts to the machine. Three kinds of work
// go in tasks of their own, so that a frame's task stays short on a slow
// CPU: the strip's and the charts' periodic redraws while the run plays
// (drawLater, a setTimeout after the frame), the hindsight comparators'
// solve (regretLater, the browser's idle time) and Go's garbage
// collection (maybeCollect, pace.Collector). A panic in the loop
// reaches the crash sink (Playground.recovered) as one in a render or a handler
// does. The decision surface is one RGBA image from ui/render,
// copied to a grid-sized canvas with one js.CopyBytesToJS and scaled by the
// browser; the traced boundary and margins and the markers go, as numbers
// in one buffer (paint.LineBatch), to a worker that draws them on an
// OffscreenCanvas (static/lines.js; without one the plot draws them
// itself, see Plot). Every chart (the 2D chart stack, the digits
// comparison, RES vs SGD on the plot canvas) is a display list that
// ui/render lays out (render.List.Chart) and ui/paint's Painter paints op
// by op: no chart logic lives in a view.
//
// # Views and Vecty
//
// The views (Page, Plot, Strip, Charts, Stats, Inspector, the sliders,
// the thumbnails, the digits canvases) are plain structs with a Render
// method (comp.View), not Vecty components: the one vecty.Component type
// is ui/comp's Component[V], and a view enters Vecty's tree only as
// comp.Of(view), made anew in each render that places it. That is where
// every render, mount, unmount and skip recovers a panic (Vecty calls them
// from its own animation-frame callback, which has no recover): the panic
// goes to the crash sink (crash.go), which stops the page; event handlers
// (handle, dispatch.go) and the frame loop recover into the same sink. The same
// structure rules out Vecty v0.6.0's crash on one component instance in
// two trees (ui/comp/vectycrash reproduces it in jsdom): the page keeps
// views, never components, and TestOneComponentType fails on a type that
// embeds vecty.Core or a field that holds a comp.Component. A view that
// asks for its own render embeds comp.Hosted (browser.Rerender).
//
// Props in, hub out: the views hold no Playground and no store. The Playground reads
// the store once per render into a Snapshot (snapshot.go: the config,
// the run, the banner, the brush, undo, the Save menu's offers, the tour
// card, the inspector's props) and hands it to the Page before asking for
// the render (Playground.props, from Playground.rerender); the Page passes plain values
// down to the views it places. A handler changes anything only by sending
// an action through the one Dispatch func type (dispatch.go): actions of
// ui/app and ui/state go to app.Store.Dispatch, page actions (copyLink,
// saveExport, showTour, setSlowMotion, …) are plain values the Playground
// carries out. The browser is handed out as role interfaces (browser.go:
// events, files, dialogs, storage, rangeInputs, canvases, …), each to the
// views that use it. TestViewsHoldNoHub enforces it: every view's fields,
// recursively, hold no *Playground or *app.Store, no func but a Dispatch and no
// interface but a role; the canvas views take their run as props too, and
// its hubExempt list is empty (the test fails if an entry is ever met).
// The step inspector
// is one panel type (inspectorPanel) placed by the 2D and the digits
// trees alike with the same props; its state and slow motion (Inspector)
// are the Playground's. Children are keyed where identity matters, and only
// there: the 2D column's controls by field (a vecty.List of their own, so
// that a learner switch keeps each field's input; TestKeyedControls), its
// groups by name, the data menu's thumbnails by data set; every sibling of
// a keyed element must be keyed (Vecty panics otherwise, inside its own
// animation-frame callback), so a keyed list holds no nil.
//
// The step inspector (inspector.go) shows the learner's last update as
// ui/inspect's MathML blocks when the run is paused and after every Step
// (app.Store.Inspect), marks x_t on the plot and, in slow motion
// (app.SlowMotion, driven by the frame loop's clock), lights one sub-step
// at a time in the panel, on the plot, the buffer strip and the charts.
//
// # What builds where
//
// The views, their event handlers and their painting build natively, and
// their tests run under js/wasm in node with a jsdom document (make
// test-wasm; ui/comp/testdata/jsdom_exec), where Vecty's init finds a
// document: views_test.go renders them with Vecty into that document,
// reads the DOM Vecty makes (viewtree_test.go's tree, through syscall/js)
// and dispatches real DOM events at it, paint_test.go records their
// canvas calls. What they
// need of the browser beyond Vecty goes through two narrow seams: the
// browser's role interfaces (browser.go: clock, events, files, clipboard,
// address, storage, dialogs, scrolling, rerenderer, rangeInputs,
// canvases; browser, all of them, is the Playground's alone) and paint.Ctx (ui/paint: a CanvasRenderingContext2D's Set, Call,
// Dash, Lines, Path and Gradient). Only the glue behind them carries the
// build constraint js && wasm and calls syscall/js or the dom package:
// browser_js.go and canvas_js.go (the adapters, blitting images),
// bulk_js.go (static/draw.js and the line worker), playground_js.go (Run,
// the frame loop and its 2D mode, the address bar, the keyboard listener,
// the clipboard), frameinput_js.go (when the user last
// pointed or typed), plot_js.go (the surface's upload, the markers' atlas
// and layer, the plot's listeners), digits_loop_js.go and
// digits_draw_js.go (the digits mode of the frame loop, drops, image
// uploads),
// loaddata_js.go (fetching the shipped sets), export_js.go (pictures and
// downloads), crash_js.go (the stopped view), debug_js.go
// (window.kernelplay, whose functions are debughook.go's),
// hash_unescape_js.go (the browser's decodeURIComponent), embed_js.go
// (the embedding API's glue: ui/embed's protocol over postMessage, started
// by Run when the link lists origins with embed=) and page_js.go (the
// first picture, Playground.mount). The parts of Playground, Plot and digitsUI that
// hold js values are the embedded playgroundJS, plotJS and digitsJS, empty
// natively (jsparts_other.go).
//
// Package ui must not be imported by anything but wasm/main.go; it may
// import ui/app, ui/state, ui/sim, ui/render, ui/inspect, ui/comp, ui/pace
// and ui/paint, never the reverse, and no
// core package: what it needs of the learners and data sets comes as
// values of those packages (importgraph_test.go at the module root checks
// this).
package ui
