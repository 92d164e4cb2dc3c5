package ui

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// debugHooks are the functions of window.kernelplay, a small read-only view
// of the page for the browser test and for the curious (installDebugHook,
// debug_js.go, puts them on the page with link() and stats().compiledMs,
// which only the browser knows). Each takes the call's arguments (numbers
// as float64, strings; anything else nil) and returns a plain value
// (numbers, strings, bools, nil, []any, map[string]any) or an error,
// which the page throws as an Error.
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
// and, for the charts, the linear learners and the step inspector:
//
//	chartTexts(which)  the text of the chart last painted, which is
//	                   "charts" (the 2D page's stack), "objective" (RES vs
//	                   SGD) or "digits": {w, h, texts: [{text, x, y, font,
//	                   size, align, vertical, est}]} with est the width
//	                   render.TextWidth estimated (the layout's), or null,
//	                   so that a browser test can measure the real widths
//	                   against the estimate and the labels against each other
//	hyperplanes()  the drawn lines of a linear model: [{class, index, class2,
//	               index2, level, w: [w_x, w_y, w_b·B], solid: n, dashed: n,
//	               dashed2: n}] (class −1 for a binary model's w; AMM: the
//	               pair of hyperplanes; solid/dashed count stretches; see
//	               render.HyperLine)
//	objective()    under the RES-vs-SGD preset {t, res: {t, f}, sgd: {t, f}}
//	               (the last checkpoint of each curve and its number of
//	               points as n), or null
//	regret()       the 2D run's comparison with hindsight: {t, start (the
//	               step the current segment counts from), why, points:
//	               "m:regret;…" (exact decimal of the current segment's
//	               solved checkpoints), n, alarms, points2 (a comparison's
//	               second learner, "" otherwise), bounds (the checkpoints
//	               where a bound on the risk applies: the dashed line's)};
//	               in the digits view learner 0's and 1's, with pending
//	               (digitsRegretObject)
//	inspector()    {show, t, blocks (the number of sub-steps), lit (the
//	               lit sub-step, −1 for none), stage (its name, "" for none),
//	               slow (slow motion on), paceMs}
func (a *Playground) debugHooks() map[string]func(args []any) (any, error) {
	point := func(args []any) (x, y float64) {
		if len(args) > 0 {
			x, _ = args[0].(float64)
		}
		if len(args) > 1 {
			y, _ = args[1].(float64)
		}
		return x, y
	}
	return map[string]func([]any) (any, error){
		"predict": func(args []any) (any, error) {
			x, y := point(args)
			return predictAt(a.store.Config(), a.store.Sim().Learner(), x, y), nil
		},
		"scores": func(args []any) (any, error) {
			x, y := point(args)
			sc := scoresAt(a.store.Config(), a.store.Sim().Learner(), x, y)
			out := make([]any, len(sc))
			for i, v := range sc {
				out[i] = v
			}
			return out, nil
		},
		"trace": func([]any) (any, error) { return traceJSON(a.store.Sim()), nil },
		"trace2": func([]any) (any, error) {
			if b := a.store.Run().Second(); b != nil {
				return traceJSON(b), nil
			}
			return "", nil
		},
		"config": func([]any) (any, error) {
			m := configObject(a.store.Config())
			m["Events"] = len(a.store.Base().Events)
			return m, nil
		},
		"lastCopied": func([]any) (any, error) { return a.lastCopied, nil },
		"debugPanic": func(args []any) (any, error) {
			where := ""
			if len(args) > 0 {
				where, _ = args[0].(string)
			}
			if !slices.Contains(debugPanicWhere, where) {
				return nil, errors.New("kernelplay.debugPanic: where is one of " + strings.Join(debugPanicWhere, ", "))
			}
			if where == "memory" {
				crash.fill = true
				return true, nil
			}
			crash.inject = where
			a.rerender() // the page and the read-outs render in the next animation frame
			return true, nil
		},
		"stats":       func([]any) (any, error) { return a.statsObject(), nil },
		"chartTexts":  func(args []any) (any, error) { return a.chartTexts(args), nil },
		"hyperplanes": func([]any) (any, error) { return a.hyperplanes(), nil },
		"objective":   func([]any) (any, error) { return a.objective(), nil },
		"regret":      func([]any) (any, error) { return a.regretObject(), nil },
		"inspector": func([]any) (any, error) {
			i := a.insp
			i.refresh(a.store, a.rev)
			return map[string]any{"show": i.in.Show, "t": i.in.T, "blocks": len(i.in.Blocks), "lit": i.lit,
				"stage": i.stage(), "slow": i.slow.On, "paceMs": i.slow.Pace()}, nil
		},
	}
}

// statsObject is stats() without compiledMs: the run on screen (the
// digits run in the digits view) and the page's timings.
func (a *Playground) statsObject() map[string]any {
	st := a.store.Stats()
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

// chartTexts is chartTexts(which): the texts of the display list last
// painted on the chart named by args[0], or nil.
func (a *Playground) chartTexts(args []any) any {
	var l *render.List
	if len(args) > 0 {
		switch args[0] {
		case "charts":
			l = &a.charts.view.List
		case "objective":
			l = &a.plot.lin.chart.List
		case "digits":
			if a.dg != nil {
				l = &a.dg.chart.List
			}
		}
	}
	if l == nil {
		return nil
	}
	var texts []any
	for _, o := range l.Ops {
		if o.Kind != render.OpText {
			continue
		}
		texts = append(texts, map[string]any{"text": o.Text, "x": o.X, "y": o.Y,
			"font": paint.FontCSS(o.Font, o.Size), "size": o.Size,
			"align": [...]string{"left", "center", "right"}[o.Align], "vertical": o.Vertical,
			"est": render.TextWidth(o.Text, o.Font, o.Size)})
	}
	return map[string]any{"w": l.W, "h": l.H, "texts": texts}
}

// hyperplanes is hyperplanes(): the lines drawLinear draws for the run's
// linear model (none under RES vs SGD).
func (a *Playground) hyperplanes() any {
	sm := a.store.Sim()
	if _, _, ok := sm.Objective(); ok {
		return []any{}
	}
	lines := render.Hyperplanes(nil, sm.Learner(), render.Square, plotMargin(sm, a.store.Config()))
	out := make([]any, len(lines))
	for i, l := range lines {
		out[i] = map[string]any{"class": l.Class, "index": l.Index, "class2": l.Class2, "index2": l.Index2,
			"level": l.Level, "w": []any{l.W[0], l.W[1], l.W[2]},
			"solid": len(l.Solid), "dashed": len(l.Dashed), "dashed2": len(l.Dashed2)}
	}
	return out
}

// objective is objective(): the last checkpoint of RES's and SGD's
// objective curves under the RES-vs-SGD preset, or nil.
func (a *Playground) objective() any {
	sm := a.store.Sim()
	res, sgd, ok := sm.Objective()
	if !ok {
		return nil
	}
	last := func(s sim.Series) map[string]any {
		m := map[string]any{"n": len(s.T), "t": 0, "f": nil}
		if n := len(s.T); n > 0 {
			m["t"], m["f"] = s.T[n-1], s.V[n-1]
		}
		return m
	}
	return map[string]any{"t": sm.T(), "res": last(res), "sgd": last(sgd)}
}

// regretObject is regret(): the run's solved checkpoints as exact
// decimals, to compare two runs bit for bit.
func (a *Playground) regretObject() any {
	r := a.store.Run()
	s := r.Sim()
	if d := r.Digits(); d != nil {
		return digitsRegretObject(d) // digitsui.go
	}
	if s == nil {
		return nil
	}
	pts := func(s *sim.Sim) (string, int, int) {
		mon, _ := s.Regret()
		if mon == nil {
			return "", 0, 0
		}
		var b []byte
		for _, p := range mon.Current().Points {
			b = strconv.AppendInt(b, int64(p.M), 10)
			b = append(b, ':')
			b = strconv.AppendFloat(b, p.Regret, 'g', -1, 64)
			b = append(b, ';')
		}
		return string(b), len(mon.Current().Points), len(mon.Alarms())
	}
	p, n, al := pts(s)
	start := s.RegretStart()
	if mon, _ := s.Regret(); mon != nil {
		start += mon.Current().Start // after a restart at a detection
	}
	bounds := 0 // checkpoints of the current segment where a risk bound applies (drawn dashed)
	if mon, _ := s.Regret(); mon != nil {
		for _, q := range mon.Current().Points {
			if s.RegretBound(q).Applies {
				bounds++
			}
		}
	}
	m := map[string]any{"t": s.T(), "start": start, "points": p, "n": n, "alarms": al, "points2": "", "bounds": bounds}
	_, m["why"] = s.Regret()
	if b := r.Second(); b != nil {
		m["points2"], _, _ = pts(b)
	}
	return m
}
