package inspect

import (
	"kernelplay/core/learn"
)

// lecture cites the advanced SVM lecture's slide (it has no equation numbers).
func lecture(slide string) string { return "lecture, “" + slide + "”" }

// hingeBlock is the hinge max(0, 1 − y_t f) at the score f.
func hingeBlock(y, f, loss float64, violated bool, src string) Block {
	t := `[eq l [call max 0 [row 1 '− y_t f [call . x_t]]] [call max 0 [row 1 '− # '· #]] #]`
	if violated {
		t += ` ~ "margin violated"`
	}
	return block(StageLoss, "loss (hinge)", src, lossHighlight(), m(t, lab(y), num(f), mn(loss)))
}

// Pegasos returns the blocks of linear Pegasos' last example
// (Shalev-Shwartz, Singer, Srebro 2007; the lecture's "Pegasos" slide): the
// score ⟨w_t, x̃_t⟩, the hinge, η_t = 1/(λt), and on the batch's k-th
// example the shrink 1 − η_tλ, the subgradient step and the projection onto
// the ball of radius 1/√λ. An example inside a batch shows only that its
// subgradient was added.
func Pegasos(u learn.PegasosUpdate) []Block { return pegasos(u, false) }

// KernelPegasos returns the blocks of kernel Pegasos' last step: as
// [Pegasos] with the expansion f = Σ α_i k(x_i, ·), the new term α_t = η_t
// y_t on a margin violation and the LRU buffer's eviction.
func KernelPegasos(u learn.PegasosUpdate) []Block { return pegasos(u, true) }

func pegasos(u learn.PegasosUpdate, kernel bool) []Block {
	if u.T == 0 {
		return nil
	}
	src := lecture("Primal Estimated Subgradient Solver for SVMs (Pegasos)")
	pred := `[eq [row f [call . x_t]] [row '⟨ w_t ', x_t '⟩] #]`
	if kernel {
		pred = `[eq [row f [call . x_t]] [row [sub '∑ i] α_i [call k x_i x_t]] #]`
	}
	bs := []Block{
		block(StagePredict, "predict", src, predictHighlight(kernel), m(pred, mn(u.Score))),
		hingeBlock(u.Y, u.Score, u.LossValue, u.Violated, src),
		block(StageStepSize, "step size", src, stepHighlight(), m(`[eq η_t [frac 1 [row λ t]] [frac 1 [row # '· #]] #]`, mn(u.Lambda), count(u.T), mn(u.Eta))),
	}
	if !u.Updated {
		return append(bs, block(StageInsert, "mini-batch", src, insertHighlight(-1, -1),
			m(`"example" ~ # ~ "of" ~ # ~ "in the batch: its subgradient waits for the update"`, count(u.InBatch), count(u.BatchSize))))
	}
	w := "w"
	if kernel {
		w = "f"
	}
	bs = append(bs, block(StageShrink, "shrink", src, shrinkHighlight(), m(`[eq [row `+w+` '← [call . [row 1 '− η_t λ]] `+w+`] [row # `+w+`]]`, mn(u.Shrink))))
	var step string
	if kernel {
		if u.Violated {
			step = m(`[eq α_t [row η_t y_t] [row # '· #] #]`, mn(u.Eta), lab(u.Y), mn(u.Alpha))
		}
		step += termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, u.EvictedAlpha)
	} else {
		step = m(`[row w '← w '+ [frac η_t k] [row [sub '∑ [row y_i '⟨ w ', x_i '⟩ '< 1]] y_i x_i]] ~ [eq k #]`, count(u.BatchSize))
	}
	step += m(`~ [eq [row `+w+` '← [call min 1 [frac [frac 1 [sup λ ½]] [row '‖ `+w+` '‖]]] `+w+`] [row [call min 1 [frac # #]] `+w+`] [row # `+w+`]]`,
		mn(u.Radius), mn(u.Norm), mn(u.Projection))
	return append(bs, block(StageInsert, "step and projection", src, insertHighlight(u.Index, u.EvictedIndex), step))
}

// DCDOnline returns the blocks of online DCD's last step (Hsieh et al.
// 2008; the lecture's dual coordinate descent slides): the score, the loss,
// the box C = 1/(λn) for the n stored examples (with the rescaling n_old/n
// of every α while the buffer grows), the eviction of the oldest example
// (w ← w − α y x̃) and the example's first clipped coordinate update.
func DCDOnline(u learn.DCDOnlineUpdate) []Block {
	if u.T == 0 {
		return nil
	}
	src := lecture("Dual coordinate descent")
	box := `[eq C [frac 1 [row λ n]] [frac 1 [row # '· #]] #] ~ [eq U #] ~ [eq D #]`
	if u.SquaredHinge {
		box += ` ~ "(squared hinge: U = ∞, D = 1/(2C))"`
	}
	var ins string
	if u.Evicted {
		ins = m(`"buffer full: slot" ~ # ~ "evicted," ~ [row w '← w '− [sub α "old"] [sub y "old"] [sub x "old"]] ~ [eq [sub α "old"] #] ~`,
			count(u.Slot), mn(u.EvictedAlpha))
	}
	ins += m(`"stored in slot" ~ # ~ [eq G [row y_t [sup w ⊤] x_t '− 1 '+ D α_t] #] ~ [eq Q̄_tt [row [sup [row '‖ x_t '‖] 2] '+ D] #] ~ `+
		`[eq α_t [call min [call max [row α_t '− [frac G Q̄_tt]] 0] U] [call min [call max [row 0 '− [frac # #]] 0] #] #] ~ "after all passes" ~ [eq α_t #]`,
		count(u.Slot), mn(u.G), mn(u.Qtt), num(u.G), mn(u.Qtt), mn(u.Upper), mn(u.AlphaFirst), mn(u.Alpha))
	return []Block{
		block(StagePredict, "predict", src, predictHighlight(false), m(`[eq [row f [call . x_t]] [row '⟨ w ', x_t '⟩] #]`, mn(u.Score))),
		dcdLoss(u, src),
		block(StageStepSize, "box (no step size: exact line search)", src, stepHighlight(),
			m(box, mn(u.Lambda), count(u.N), mn(1/(u.Lambda*float64(u.N))), mn(u.Upper), mn(u.Diag))),
		block(StageShrink, "rescale into the new box", "kernelplay's online DCD", shrinkHighlight(), m(`[eq [row α '← [frac [sub n "old"] n] α] [row # α]]`, mn(u.BoxScale))),
		block(StageInsert, "insert/evict and coordinate update", src, insertHighlight(-1, -1), ins),
	}
}

// AMM returns the blocks of the adaptive multi-hyperplane machine's last
// online step (Wang et al. 2011; the lecture's multi-hyperplane slides):
// the assigned hyperplane's score and the rival's, the relaxed margin loss,
// η_t = 1/(λt), the shrink 1 − 1/t and the subgradient step +η_t x̃ on (y, z),
// −η_t x̃ on the rival.
func AMM(u learn.AMMUpdate) []Block {
	if u.T == 0 {
		return nil
	}
	src := lecture("SGD for Training the Multi-Hyperplane Machine")
	const yz = `[row y_t ', z]`
	pred := `[eq [row [sup [sub β ` + yz + `] ⊤] x_t] #] ~ "class" ~ # ~ "hyperplane" ~ #`
	if u.Created {
		pred += ` ~ "(created: every hyperplane of the class scored below 0)"`
	}
	pred += ` ~ [eq [row [sub max [row y′ '≠ y_t ', k]] [sup [sub β [row y′ ', k]] ⊤] x_t] #] ~ "class" ~ # ~ "hyperplane" ~ #`
	step := m(`"no violation: β only shrinks"`)
	if u.Violated {
		step = m(`[row [sub β `+yz+`] '+= η_t x_t] ~ [row [sub β [row # ', #]] '−= η_t x_t]`, count(u.RivalClass), count(u.RivalPlane))
	}
	if u.Pruned {
		step += m(`~ "then small hyperplanes are pruned"`)
	}
	return []Block{
		block(StagePredict, "predict", lecture("Multi-Hyperplane Machine"), predictHighlight(false),
			m(pred, mn(u.Score), count(u.Class), count(u.Assigned), mn(u.RivalScore), count(u.RivalClass), count(u.RivalPlane))),
		block(StageLoss, "loss (relaxed margin)", lecture("Multi-Hyperplane Machine"), lossHighlight(),
			m(`[eq l [call max 0 [row 1 '− [call . [row # '− #]]]] #]`, mn(u.Score), num(u.RivalScore), mn(u.LossValue))),
		block(StageStepSize, "step size", src, stepHighlight(), m(`[eq η_t [frac 1 [row λ t]] [frac 1 [row # '· #]] #]`, mn(u.Lambda), count(u.T), mn(u.Eta))),
		block(StageShrink, "shrink", src, shrinkHighlight(), m(`[eq [row β '← [call . [row 1 '− [frac 1 t]]] β] [row # β]]`, mn(u.Shrink))),
		block(StageInsert, "subgradient step", src, insertHighlight(-1, -1), step),
	}
}

// res cites the RES paper (Mokhtari, Ribeiro 2014).
func res(eqs string) string { return "RES " + eqs }

// RES returns the blocks of RES's last example (Mokhtari, Ribeiro 2014,
// Algorithm 1, eq. numbers of that paper): the score and the loss at w_t,
// ε_t, and on the batch's L-th example the direction (B̂_t⁻¹ + ΓI)ŝ_t (4)
// with ŝ_t (10), the step v_t (5) and the curvature update (9) or its skip.
func RES(u learn.RESUpdate) []Block {
	if u.T == 0 {
		return nil
	}
	bs := []Block{
		block(StagePredict, "predict", res("Algorithm 1"), predictHighlight(false), m(`[eq [row f [call . x_t]] [row '⟨ w_t ', x_t '⟩] #]`, mn(u.Score))),
		block(StageLoss, "loss", res("eq. (10)"), lossHighlight(), m(`[eq l #] ~ [eq [row l '′] #]`, mn(u.LossValue), mn(u.Slope))),
		block(StageStepSize, "step size", res("§4"), stepHighlight(),
			m(`[eq ε_t [frac [row ε_0 τ] [row τ '+ t]] #] ~ [eq Γ #] ~ [eq δ #]`, mn(u.Eps), mn(u.Gamma), mn(u.Delta))),
		block(StageShrink, "regularizer", res("eq. (10)"), shrinkHighlight(), m(`"no shrink: λw enters the gradient" ~ [eq λ #]`, mn(u.Lambda))),
	}
	if !u.Updated {
		return append(bs, block(StageInsert, "batch", res("Algorithm 1"), insertHighlight(-1, -1),
			m(`"example" ~ # ~ "of" ~ # ~ "in the batch: the iteration waits for the batch"`, count(u.InBatch), count(u.BatchSize))))
	}
	t := `[eq [row '‖ ŝ_t '‖] #] ~ (10) ~ [eq [row '‖ [row [call . [row [sup B̂_t [row '− 1]] '+ Γ I]] ŝ_t] '‖] #] ~ (4) ~ ` +
		`[eq [row '‖ [row v_t '= w_t+1 '− w_t] '‖] #] ~ (5) ~ [eq [row [sup v_t ⊤] r̃_t] #]`
	if u.Skipped {
		t += ` ~ "curvature update (9) skipped: vᵀr̃ not positive"`
	} else {
		t += ` ~ "B̂ updated by (9)"`
	}
	return append(bs, block(StageInsert, "quasi-Newton step", res("eqs. (4), (5), (9), (10)"), insertHighlight(-1, -1),
		m(t, mn(u.NormS), mn(u.NormDir), mn(u.NormV), mn(u.VR))))
}

// dcdLoss is the hinge, or the squared hinge of the L2-loss SVM.
func dcdLoss(u learn.DCDOnlineUpdate, src string) Block {
	if !u.SquaredHinge {
		return hingeBlock(u.Y, u.Score, u.LossValue, u.LossValue > 0, src)
	}
	return block(StageLoss, "loss (squared hinge)", src, lossHighlight(),
		m(`[eq l [sup [call max 0 [row 1 '− y_t f [call . x_t]]] 2] [sup [call max 0 [row 1 '− # '· #]] 2] #]`, lab(u.Y), num(u.Score), mn(u.LossValue)))
}
