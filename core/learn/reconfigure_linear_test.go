package learn_test

import (
	"strings"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/core/loss"
)

// linearReconf is one linear learner with Reconfigure: make builds it from
// its config, same reconfigures with the settings in force, change sets a
// new λ (and step sizes), refuse makes a change that starts a new run, and
// eta is the step size the next step must report after change at step t+1.
type linearReconf struct {
	name   string
	make   func() (learn.Learner, error)
	same   func(l learn.Learner) error
	change func(l learn.Learner) error
	refuse func(l learn.Learner) error
	eta    func(t int) float64 // NaN: not checked
}

func linearReconfs() []linearReconf {
	peg := learn.DefaultPegasosConfig()
	peg.Lambda = 0.01
	sgd := learn.DefaultSGDConfig()
	res := learn.DefaultRESConfig()
	res.BatchSize = 1
	dcd := learn.DefaultDCDOnlineConfig()
	dcd.Lambda, dcd.BufferSize = 0.01, 64
	amm := learn.DefaultAMMConfig(3)
	amm.Lambda = 0.01
	return []linearReconf{
		{"pegasos",
			func() (learn.Learner, error) { return wrapNew(learn.NewPegasos(peg, 2)) },
			func(l learn.Learner) error { return l.(*learn.Pegasos).Reconfigure(peg) },
			func(l learn.Learner) error { c := peg; c.Lambda = 0.05; return l.(*learn.Pegasos).Reconfigure(c) },
			func(l learn.Learner) error { c := peg; c.BatchSize = 2; return l.(*learn.Pegasos).Reconfigure(c) },
			func(t int) float64 { return 1 / (0.05 * float64(t)) }},
		{"sgd",
			func() (learn.Learner, error) { return wrapNew(learn.NewSGD(sgd, 2)) },
			func(l learn.Learner) error { return l.(*learn.SGD).Reconfigure(sgd) },
			func(l learn.Learner) error {
				c := sgd
				c.Lambda, c.Eta0, c.Tau = 0.01, 0.1, 10
				return l.(*learn.SGD).Reconfigure(c)
			},
			func(l learn.Learner) error { c := sgd; c.Loss = loss.Logistic{}; return l.(*learn.SGD).Reconfigure(c) },
			func(t int) float64 { return 0.1 * 10 / (10 + float64(t-1)) }},
		{"res",
			func() (learn.Learner, error) { return wrapNew(learn.NewRES(res, 2)) },
			func(l learn.Learner) error { return l.(*learn.RES).Reconfigure(res) },
			func(l learn.Learner) error {
				c := res
				c.Lambda, c.Delta, c.Eta0, c.Tau = 0.01, 0.01, 0.1, 10
				return l.(*learn.RES).Reconfigure(c)
			},
			func(l learn.Learner) error { c := res; c.BatchSize = 5; return l.(*learn.RES).Reconfigure(c) },
			func(t int) float64 { return 0.1 * 10 / (10 + float64(t-1)) }},
		{"dcd-online",
			func() (learn.Learner, error) { return wrapNew(learn.NewDCDOnline(dcd, 2)) },
			func(l learn.Learner) error { return l.(*learn.DCDOnline).Reconfigure(dcd) },
			func(l learn.Learner) error { c := dcd; c.Lambda = 0.1; return l.(*learn.DCDOnline).Reconfigure(c) },
			func(l learn.Learner) error { c := dcd; c.BufferSize = 32; return l.(*learn.DCDOnline).Reconfigure(c) },
			nil},
		{"amm",
			func() (learn.Learner, error) { return wrapNew(learn.NewAMM(amm, 2)) },
			func(l learn.Learner) error { return l.(*learn.AMM).Reconfigure(amm) },
			func(l learn.Learner) error { c := amm; c.Lambda = 0.05; return l.(*learn.AMM).Reconfigure(c) },
			func(l learn.Learner) error { c := amm; c.MaxHyperplanes = 3; return l.(*learn.AMM).Reconfigure(c) },
			func(t int) float64 { return 1 / (0.05 * float64(t)) }},
		{"binary-amm",
			func() (learn.Learner, error) { return wrapNew(learn.NewBinaryAMM(amm, 2)) },
			func(l learn.Learner) error { return l.(*learn.BinaryAMM).Reconfigure(amm) },
			func(l learn.Learner) error { c := amm; c.Lambda = 0.05; return l.(*learn.BinaryAMM).Reconfigure(c) },
			func(l learn.Learner) error { c := amm; c.Bias = 1; return l.(*learn.BinaryAMM).Reconfigure(c) },
			func(t int) float64 { return 1 / (0.05 * float64(t)) }},
	}
}

// TestLinearReconfigure checks Reconfigure on every linear online learner:
// with the settings in force (every 37 steps) the run is bit-identical to one
// without; a change that starts a new run is refused with an error and
// leaves the run as it was; a new λ (and step sizes) gives the next step the
// new step size at the continuing t, and the run goes on without
// divergence. For online DCD, whose box C = 1/(λn) moves with λ, the primal
// objective stays above the dual one (weak duality: the scaled α are
// feasible).
func TestLinearReconfigure(t *testing.T) {
	const seed, steps = 21, 200
	for _, tc := range linearReconfs() {
		a, err := tc.make()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		b, _ := tc.make()
		c, _ := tc.make()
		xs, ys := normaStream(a, seed, 2*steps, 2)
		for i := range steps {
			if i%37 == 0 {
				if err := tc.same(b); err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
			}
			if i == steps/2 {
				if err := tc.refuse(c); err == nil || !strings.Contains(err.Error(), "starts a new run") {
					t.Fatalf("%s: a run-defining change gave %v", tc.name, err)
				}
			}
			sa, sb, sc := a.Learn(xs[i], ys[i]), b.Learn(xs[i], ys[i]), c.Learn(xs[i], ys[i])
			if sa != sb || sa != sc {
				t.Fatalf("%s step %d: %+v plain, %+v with identical Reconfigure, %+v after a refused one", tc.name, i, sa, sb, sc)
			}
		}
		if err := tc.change(a); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for i := steps; i < 2*steps; i++ {
			st := a.Learn(xs[i], ys[i])
			if st.Diverged {
				t.Fatalf("%s: diverged at step %d after the change", tc.name, i)
			}
			if tc.eta != nil && i == steps {
				if want := tc.eta(steps + 1); st.Eta != want {
					t.Errorf("%s: η after the change %v, want %v", tc.name, st.Eta, want)
				}
			}
		}
		if d, ok := a.(*learn.DCDOnline); ok {
			p, du := d.Objective()
			t.Logf("%s: primal %.6g, dual %.6g after the change of λ", tc.name, p, du)
			if !(p >= du-1e-9*(1+p)) {
				t.Errorf("%s: primal %v below dual %v: the α left the box", tc.name, p, du)
			}
		}
	}
}
