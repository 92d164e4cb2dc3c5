//go:build js && wasm

package ui

import (
	"slices"
	"strings"
	"syscall/js"

	"kernelplay/ui/state"
)

// installDebugHook exposes a small read-only view of the page on
// window.kernelplay, for the browser test and for the curious:
//
//	predict(x, y)  the model's prediction at (x, y) of the plot: the class
//	               index for classification (binary: 0 is −1, 1 is +1),
//	               the value for regression and novelty (f − ε)
//	scores(x, y)   the raw scores (one per class)
//	trace()        the run so far as JSON: t and the chart series
//	trace2()       the same of a 2D comparison's second learner ("" without one)
//	stats()        {mode, t, frames, fps, sps, compiledMs, mainMs, mountMs, firstSurfaceMs,
//	               shownMs (the first animation frame after the first surface was painted),
//	               completeMs (the first full picture with the whole page rendered),
//	               playing, message, grid,
//	               bufferSize, terms, stepMs, drawMs, surfaceMs, profile,
//	               surfaceGrid (the grid the surface was last drawn at),
//	               stepsAsked, stepsRan (steps per tick asked for and learned
//	               on average under the frame's time budget; 0 before a frame)}
//	config()       the configuration in force: {Name: value string} for every setting
//	               ("Second.Sigma" … for the second learner's),
//	               Points: [{X, Y, Class}], Hide: [keys], Events: the number of edits
//	link()         the share link
//	lastCopied()   the link the Copy link button copied last ("" before)
//
// Nothing in it changes the page, except the hook the browser tests use to
// check the recovery of panics (crash.go):
//
//	debugPanic(where)  the next call of where panics, as a bug there would:
//	               "Page.Render" or "Stats.Render" (rendered in the next frame),
//	               "frame" (the next animation frame), "event handler" (the
//	               next click or key handled); "memory": the next frame
//	               allocates until the Go runtime runs out of memory and ends.
//	               It returns true, or an Error for another where.
//
// It only ends the page it is called in (as closing the tab would), so a
// visitor who types it into the console harms nobody.
func (a *App) installDebugHook() {
	hook := js.Global().Get("Object").New()
	fn := func(name string, f func(args []js.Value) any) {
		hook.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
			defer func() {
				if r := recover(); r != nil {
					out = js.Global().Get("Error").New("kernelplay." + name + ": panic")
				}
			}()
			return f(args)
		}))
	}
	point := func(args []js.Value) []float64 {
		x, y := 0.0, 0.0
		if len(args) > 0 {
			x = args[0].Float()
		}
		if len(args) > 1 {
			y = args[1].Float()
		}
		return []float64{x, y}
	}
	fn("predict", func(args []js.Value) any {
		p := point(args)
		return predictAt(a.store.Config(), a.store.Sim().Learner(), p[0], p[1])
	})
	fn("scores", func(args []js.Value) any {
		p := point(args)
		sc := scoresAt(a.store.Config(), a.store.Sim().Learner(), p[0], p[1])
		out := make([]any, len(sc))
		for i, v := range sc {
			out[i] = v
		}
		return out
	})
	fn("trace", func([]js.Value) any { return traceJSON(a.store.Sim()) })
	fn("trace2", func([]js.Value) any {
		if b := a.store.Run().Second(); b != nil {
			return traceJSON(b)
		}
		return ""
	})
	fn("config", func([]js.Value) any {
		m := configObject(a.store.Config())
		m["Events"] = len(a.store.Base().Events)
		return m
	})
	fn("link", func([]js.Value) any { return js.Global().Get("location").Get("href").String() })
	fn("lastCopied", func([]js.Value) any { return a.lastCopied })
	fn("debugPanic", func(args []js.Value) any {
		where := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			where = args[0].String()
		}
		if !slices.Contains(debugPanicWhere, where) {
			return js.Global().Get("Error").New("kernelplay.debugPanic: where is one of " + strings.Join(debugPanicWhere, ", "))
		}
		if where == "memory" {
			crash.fill = true
			return true
		}
		crash.inject = where
		a.rerender() // the page and the read-outs render in the next animation frame
		return true
	})
	fn("stats", func([]js.Value) any {
		st := a.store.Stats() // the run on screen: the digits run in the digits view
		ran, asked, _ := a.reduction.Reduced()
		return map[string]any{
			"mode":           st.Mode,
			"t":              st.T,
			"frames":         a.m.Frames,
			"fps":            a.fps.Rate(),
			"sps":            a.sps.Rate(),
			"firstSurfaceMs": a.m.FirstSurfaceMS,
			"shownMs":        a.m.ShownMS,
			"completeMs":     a.m.CompleteMS,
			"mainMs":         a.m.MainMS,
			"mountMs":        a.m.MountMS,
			"compiledMs":     js.Global().Get("kpBoot").Get("compiledMs"),
			"playing":        st.Playing,
			"message":        st.Message,
			"grid":           st.Grid,
			"bufferSize":     st.BufferSize,
			"terms":          st.Terms,
			"stepMs":         a.m.StepMS,
			"drawMs":         a.m.DrawMS,
			"surfaceMs":      a.plot.surfMS,
			"surfaceGrid":    a.plot.surf.Grid,
			"stepsAsked":     asked,
			"stepsRan":       ran,
			"profile":        profileMap(a.m.Profile),
		}
	})
	js.Global().Set("kernelplay", hook)
}

func profileMap(m map[string]float64) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// configObject is c as a plain object for the debug hook.
func configObject(c state.Config) map[string]any {
	m := make(map[string]any, len(state.Fields)+2)
	for i := range state.Fields {
		f := &state.Fields[i]
		if f.Second() {
			m["Second."+f.Name] = f.Get(c) // the second learner's copy of a setting
			continue
		}
		m[f.Name] = f.Get(c)
	}
	pts := make([]any, len(c.Points))
	for i, p := range c.Points {
		pts[i] = map[string]any{"X": p.X, "Y": p.Y, "Class": p.Class}
	}
	m["Points"] = pts
	hide := make([]any, len(c.Hide))
	for i, k := range c.Hide {
		hide[i] = k
	}
	m["Hide"] = hide
	return m
}
