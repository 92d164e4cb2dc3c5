package regret

import (
	"math"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
	"kernelplay/core/drift"
	"kernelplay/core/learn"
)

// TestRestartAtDetection: on the 0/1 → 2/3 switch stream (MNIST subset,
// unit-norm inputs) NORMA (soft margin, λ = 10⁻³, JMLR's schedule) runs
// beside two comparators, one over the whole stream and one restarted at
// ADWIN's first alarm on NORMA's errors (the regret since the change).
// Checked: the alarm follows the switch; the restarted comparator counts
// the examples since the alarm and their online risk; and its g* is the
// best fixed predictor of that segment, so its J is at most the segment's
// risk under the whole stream's g* (evaluated with its Model).
func TestRestartAtDetection(t *testing.T) {
	d, err := digitfile.Open("../../static/data/mnist10k.kpd.gz")
	if err != nil {
		t.Fatal(err)
	}
	q, err := data.Switch(d.Set().UnitNorm(), 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	cfg.Lambda = 1e-3
	n, err := learn.NewNORMA(cfg, q.Dim())
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := ObjectiveOf(cfg)
	whole, _ := NewComparator(obj, Settings{}, q.Dim())
	since, _ := NewComparator(obj, Settings{}, q.Dim())
	det := drift.DefaultADWIN()
	alarm := -1
	var segOnline float64
	var seg []data.Example
	for i := 0; ; i++ {
		e, ok := q.Next()
		if !ok {
			break
		}
		norm2 := n.SquaredNorm()
		st := n.Learn(e.X, e.Y)
		r := st.Loss + 0.5*cfg.Lambda*norm2
		whole.Add(e.X, e.Y, r)
		x := 0.0
		if st.Mistake {
			x = 1
		}
		if det.Add(x) && alarm < 0 {
			alarm = i
			since.Restart()
			continue // the alarm's own example belongs to the old segment
		}
		since.Add(e.X, e.Y, r)
		if alarm >= 0 {
			segOnline += r
			seg = append(seg, e)
		}
	}
	if alarm < 500 || alarm > 600 {
		t.Fatalf("first alarm at %d, want after the switch at 500, within 100", alarm)
	}
	whole.Mark()
	since.Mark()
	whole.Step(math.MaxInt)
	since.Step(math.MaxInt)
	pw, ps := whole.Points()[len(whole.Points())-1], since.Points()[len(since.Points())-1]
	if ps.M != len(seg) || math.Abs(ps.Online-segOnline) > 1e-9*segOnline {
		t.Fatalf("since the alarm: M = %d, online %v; want %d, %v", ps.M, ps.Online, len(seg), segOnline)
	}
	g := whole.Model()
	var j float64
	for _, e := range seg {
		j += max(0, 1-e.Y*g.Score(e.X)) + 0.5*cfg.Lambda*pw.Norm*pw.Norm
	}
	t.Logf("alarm at %d: whole stream regret %.4g (J %.4g over %d); since the alarm regret %.4g (J %.4g over %d; the whole g* scores %.4g there)",
		alarm, pw.Regret, pw.Hindsight, pw.M, ps.Regret, ps.Hindsight, ps.M, j)
	if !ps.Converged || ps.Hindsight > j*(1+1e-9) {
		t.Errorf("segment J(g*) = %.10g above the whole g*'s %.10g (converged %v, gap %.3g, epochs %d; whole: %v %.3g %d)", ps.Hindsight, j, ps.Converged, ps.Gap, ps.Epochs, pw.Converged, pw.Gap, pw.Epochs)
	}
}
