//go:build js && wasm

package ui

import (
	"slices"
	"syscall/js"
	"testing"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// columnView is the 2D controls column alone, in a body: what
// TestKeyedControls renders with Vecty into jsdom's document.
type columnView struct {
	comp.Hosted
	p *Page
}

func (v *columnView) Render() vecty.ComponentOrHTML {
	return elem.Body(elem.Div(append([]vecty.MarkupOrChild{vecty.Markup(vecty.Class("controls"))}, v.p.controls()...)...))
}

// TestKeyedControls: the controls are keyed by field, so that Vecty,
// rendering for real into a jsdom document, keeps a field's input across a
// learner switch that moves it to another position in its group, and
// makes an input of its own for each new field (by position alone, the
// input of the field before would be handed to whichever field came to
// its place).
func TestKeyedControls(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	from, to, key := learnerPairMovingAField(t, a)
	a.store.Dispatch(state.SetField{Key: "l", Value: from})
	a.props()
	v := &columnView{p: a.page}
	if err := vecty.RenderInto("body", comp.Of(v)); err != nil {
		t.Fatal(err)
	}
	doc := js.Global().Get("document")
	byID := func(id string) js.Value { return doc.Call("getElementById", id) }
	before := byID("f-" + key)
	if before.IsNull() {
		t.Fatalf("learner %s: no input f-%s rendered", from, key)
	}
	inputs := map[string]js.Value{}
	for _, k := range allColumnKeys(a.store.Config()) {
		inputs[k] = byID("f-" + k)
	}
	a.store.Dispatch(state.SetField{Key: "l", Value: to})
	if a.store.Config().Learner != to {
		t.Fatalf("the store refused learner %s", to)
	}
	if groupPos(a.store.Config(), key) == groupPos(stateWith(a, from), key) {
		t.Fatalf("%s → %s: field %s stays at position %d: the premise of the test fails", from, to, key, groupPos(a.store.Config(), key))
	}
	a.props()
	vecty.Rerender(v.Host())
	time.Sleep(200 * time.Millisecond) // Vecty renders in the next animation frame
	after := byID("f-" + key)
	if after.IsNull() || !after.Equal(before) {
		t.Errorf("%s → %s: the input of %s is not the one rendered before (keyed controls keep it)", from, to, key)
	}
	for _, k := range allColumnKeys(a.store.Config()) {
		el := byID("f-" + k)
		if el.IsNull() {
			t.Errorf("%s: no control f-%s", to, k)
			continue
		}
		if old, ok := inputs[k]; ok && !old.IsNull() && !old.Equal(el) {
			t.Errorf("%s → %s: field %s got a new input", from, to, k)
		}
		if _, ok := inputs[k]; !ok {
			for ok2, old := range inputs {
				if !old.IsNull() && old.Equal(el) {
					t.Errorf("%s → %s: new field %s got the input of %s", from, to, k, ok2)
				}
			}
		}
	}
	if n := doc.Call("querySelectorAll", ".controls .ctl:not(.menu)").Get("length").Int(); n != len(allColumnKeys(a.store.Config())) {
		t.Errorf("%d controls in the document, the column has %d fields", n, len(allColumnKeys(a.store.Config())))
	}
}

// allColumnKeys are the keys of every group's controls for c.
func allColumnKeys(c state.Config) []string {
	var out []string
	for _, g := range columnGroups {
		out = append(out, columnKeys(g, c)...)
	}
	return out
}

// learnerPairMovingAField finds two learners the store runs whose
// columns share a field at different positions in its group: the case
// where position alone would hand the field's input to another field.
func learnerPairMovingAField(t *testing.T, a *Playground) (from, to, key string) {
	t.Helper()
	var ls []string
	for _, o := range app.Options(a.store.Config(), "l") {
		if !o.Disabled {
			ls = append(ls, o.Value)
		}
	}
	pos := func(l string) map[string]int {
		c := a.store.Config()
		c.Learner = l
		m := map[string]int{}
		for _, g := range columnGroups {
			for i, k := range columnKeys(g, c) {
				m[k] = i
			}
		}
		return m
	}
	for _, l1 := range ls {
		for _, l2 := range ls {
			p1, p2 := pos(l1), pos(l2)
			keys := make([]string, 0, len(p1))
			for k := range p1 {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				if j, ok := p2[k]; ok && j != p1[k] {
					return l1, l2, k
				}
			}
		}
	}
	t.Fatalf("no two of the learners %v share a field at different positions", ls)
	return
}

// groupPos is key's position in its group's controls for c (−1: none).
func groupPos(c state.Config, key string) int {
	for _, g := range columnGroups {
		if i := slices.Index(columnKeys(g, c), key); i >= 0 {
			return i
		}
	}
	return -1
}

// stateWith is a's configuration with learner l as the store makes it.
func stateWith(a *Playground, l string) state.Config {
	s := app.NewStore(state.Encode(a.store.Config()))
	s.Dispatch(state.SetField{Key: "l", Value: l})
	return s.Config()
}
