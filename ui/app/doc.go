// Package app is the page's logic without the page: the [Store] that owns
// the configuration and the running [Run], the user's actions, the rules of
// the page (which learner fits which task, the defaults of each data set,
// the class a click adds, where a loaded file goes), the timeline of a run
// (edits made while it goes on are events at the current step; a share
// link replays them), the figures kernelplay.stats() reports, what
// “Take it home” downloads (export.go: traces, points, run files with the
// learner's model, a picture's caption) and loads back (LoadModel), and what
// the step inspector shows with its slow-motion clock (inspector.go), the
// first visit's introduction (intro.go), the data menu's thumbnails
// (thumbs.go), predict-then-reveal's questions and their truth (quiz.go)
// and the lesson player's rules (lesson.go).
//
// The views (package kernelplay/ui, built only under js/wasm) call the
// store and draw what its Run holds; they pass plain values in and decide
// nothing about the run.
//
// Import rules (checked by the import-graph test at the module root):
// app imports kernelplay/ui/state, kernelplay/ui/sim, kernelplay/ui/render,
// kernelplay/ui/inspect, for the data set type of loaded files and the 2D
// generators the data menu's thumbnails draw (thumbs.go) kernelplay/core/data
// and, for the learners' inspection records (the step
// inspector, inspector.go), kernelplay/core/learn, and for the drawing
// pad's preprocessing (pad.go: the views import no core package)
// kernelplay/core/data/pad, and for the lesson player (lesson.go)
// kernelplay/ui/lesson. It
// must not import syscall/js or kernelplay/ui (the views import it).
package app
