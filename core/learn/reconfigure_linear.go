package learn

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
)

// newRun is the error of a Reconfigure that changes a setting defining the
// run.
func newRun(who, setting string, was, is any) error {
	return fmt.Errorf("learn: %s: Reconfigure: %s %v replaces %v: that starts a new run", who, setting, is, was)
}

// The linear learners' Reconfigure validate cfg as their constructors do
// (by building a throwaway learner: O(storage) once) and apply it from the
// next Learn, keeping w, t and any buffer; a Reconfigure with the settings in
// force leaves the run bit-identical.

// Reconfigure applies new settings from the next Learn, keeping w, t and the
// current mini-batch: λ (so η_t = 1/(λt) and the radius 1/√λ of the next
// projection) and NoProjection; Seed affects Fit only. BatchSize and Bias
// define the run: changing them is an error ("starts a new run").
func (p *Pegasos) Reconfigure(cfg PegasosConfig) error {
	if _, err := NewPegasos(cfg, p.dim); err != nil {
		return err
	}
	switch {
	case cfg.BatchSize != p.s.BatchSize:
		return newRun("Pegasos", "BatchSize", p.s.BatchSize, cfg.BatchSize)
	case cfg.Bias != p.s.Bias:
		return newRun("Pegasos", "Bias", p.s.Bias, cfg.Bias)
	}
	p.s, p.radius = cfg, 1/math.Sqrt(cfg.Lambda)
	return nil
}

// Reconfigure applies new settings from the next Learn, keeping w, t and the
// current mini-batch: λ, ε0, τ and ConstantStep (the step ε_t of the next
// iteration uses them at the continuing t). Loss, BatchSize and Bias define
// the run: changing them is an error.
func (g *SGD) Reconfigure(cfg SGDConfig) error {
	if _, err := NewSGD(cfg, g.dim); err != nil {
		return err
	}
	switch {
	case cfg.Loss != g.s.Loss:
		return newRun("SGD", "Loss", g.s.Loss, cfg.Loss)
	case cfg.BatchSize != g.s.BatchSize:
		return newRun("SGD", "BatchSize", g.s.BatchSize, cfg.BatchSize)
	case cfg.Bias != g.s.Bias:
		return newRun("SGD", "Bias", g.s.Bias, cfg.Bias)
	}
	g.s = cfg
	return nil
}

// Reconfigure applies new settings from the next Learn, keeping w, t, B̂_t
// and the current batch: λ, δ and Γ enter the next iteration's (4)–(9) (a
// new δ changes the floor added to B̂ from then on, not the B̂ built so far),
// ε0, τ and ConstantStep the next step size at the continuing t; B0 takes
// effect at the next Reset. Loss, BatchSize and Bias define the run:
// changing them is an error.
func (r *RES) Reconfigure(cfg RESConfig) error {
	if _, err := NewRES(cfg, r.dim); err != nil {
		return err
	}
	switch {
	case cfg.Loss != r.s.Loss:
		return newRun("RES", "Loss", r.s.Loss, cfg.Loss)
	case cfg.BatchSize != r.s.BatchSize:
		return newRun("RES", "BatchSize", r.s.BatchSize, cfg.BatchSize)
	case cfg.Bias != r.s.Bias:
		return newRun("RES", "Bias", r.s.Bias, cfg.Bias)
	}
	r.s, r.lambda, r.delta, r.gamma = cfg, cfg.Lambda, cfg.Delta, cfg.Gamma
	return nil
}

// Reconfigure applies new settings from the next Learn, keeping the buffer
// and its dual variables: a new λ changes the box C = 1/(λn), so every α
// (and w = Σ α_i y_i x̃_i) is scaled by λ_old/λ_new, which keeps the dual
// feasible and warm-starts the solver, as a change of n does; Passes and
// Seed apply from the next Learn (the permutation stream continues). Loss,
// BufferSize and Bias define the run: changing them is an error.
func (d *DCDOnline) Reconfigure(cfg DCDOnlineConfig) error {
	if _, err := NewDCDOnline(cfg, d.dim); err != nil {
		return err
	}
	switch {
	case cfg.Loss != d.s.Loss:
		return newRun("DCDOnline", "Loss", d.s.Loss, cfg.Loss)
	case cfg.BufferSize != d.s.BufferSize:
		return newRun("DCDOnline", "BufferSize", d.s.BufferSize, cfg.BufferSize)
	case cfg.Bias != d.s.Bias:
		return newRun("DCDOnline", "Bias", d.s.Bias, cfg.Bias)
	}
	if r := d.s.Lambda / cfg.Lambda; r != 1 {
		floats.Scale(r, d.alpha[:d.n])
		floats.Scale(r, d.w)
	}
	d.s = cfg
	return nil
}

// Reconfigure applies new settings from the next Learn, keeping the
// hyperplanes and t: λ (η_t = 1/(λt) from the next iteration), PruneEvery
// and PruneThreshold; Epochs and Seed affect Fit only. Classes,
// MaxHyperplanes and Bias define the run: changing them is an error.
func (a *AMM) Reconfigure(cfg AMMConfig) error {
	if _, err := NewAMM(cfg, a.dim); err != nil {
		return err
	}
	switch {
	case cfg.Classes != a.s.Classes:
		return newRun("AMM", "Classes", a.s.Classes, cfg.Classes)
	case cfg.MaxHyperplanes != a.s.MaxHyperplanes:
		return newRun("AMM", "MaxHyperplanes", a.s.MaxHyperplanes, cfg.MaxHyperplanes)
	case cfg.Bias != a.s.Bias:
		return newRun("AMM", "Bias", a.s.Bias, cfg.Bias)
	}
	a.s = cfg
	return nil
}

// Reconfigure applies new settings to the two-class machine, as
// [AMM.Reconfigure] (cfg.Classes is replaced by 2).
func (b *BinaryAMM) Reconfigure(cfg AMMConfig) error {
	cfg.Classes = 2
	return b.a.Reconfigure(cfg)
}
