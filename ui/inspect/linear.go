package inspect

import (
	"kernelplay/core/learn"
)

// lecture cites the advanced SVM lecture's slide (it has no equation numbers).
func lecture(slide string) string { return "lecture, “" + slide + "”" }

// hingeBlock is the hinge max(0, 1 − y_t f) at the score f.
func hingeBlock(y, f, loss float64, violated bool, src string) Block {
	parts := []string{eq(mi("l"), call(mi("max"), elem("mn", "0"), row(elem("mn", "1"), mo("−"), sym("y", "t"), mi("f"), call("", sym("x", "t")))),
		call(mi("max"), elem("mn", "0"), row(elem("mn", "1"), mo("−"), lab(y), mo("·"), num(f))), mn(loss))}
	if violated {
		parts = append(parts, sp(), mtext("margin violated"))
	}
	return block(StageLoss, "loss (hinge)", src, lossHighlight(), parts...)
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
	var pred string
	if kernel {
		pred = eq(row(mi("f"), call("", sym("x", "t"))), row(sub(mo("∑"), mi("i")), sym("α", "i"), call(mi("k"), sym("x", "i"), sym("x", "t"))), mn(u.Score))
	} else {
		pred = eq(row(mi("f"), call("", sym("x", "t"))), row(mo("⟨"), sym("w", "t"), mo(","), sym("x", "t"), mo("⟩")), mn(u.Score))
	}
	bs := []Block{
		block(StagePredict, "predict", src, predictHighlight(kernel), pred),
		hingeBlock(u.Y, u.Score, u.LossValue, u.Violated, src),
		block(StageStepSize, "step size", src, stepHighlight(),
			eq(sym("η", "t"), frac(elem("mn", "1"), row(mi("λ"), mi("t"))), frac(elem("mn", "1"), row(mn(u.Lambda), mo("·"), count(u.T))), mn(u.Eta))),
	}
	if !u.Updated {
		return append(bs, block(StageInsert, "mini-batch", src, insertHighlight(-1, -1),
			mtext("example"), sp(), count(u.InBatch), sp(), mtext("of"), sp(), count(u.BatchSize), sp(),
			mtext("in the batch: its subgradient waits for the update")))
	}
	w := "w"
	if kernel {
		w = "f"
	}
	shrink := eq(row(mi(w), mo("←"), call("", row(elem("mn", "1"), mo("−"), sym("η", "t"), mi("λ"))), mi(w)), row(mn(u.Shrink), mi(w)))
	bs = append(bs, block(StageShrink, "shrink", src, shrinkHighlight(), shrink))
	var step []string
	if kernel {
		if u.Violated {
			step = append(step, eq(sym("α", "t"), row(sym("η", "t"), sym("y", "t")), row(mn(u.Eta), mo("·"), lab(u.Y)), mn(u.Alpha)))
		}
		step = append(step, termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, u.EvictedAlpha)...)
	} else {
		step = append(step, row(mi("w"), mo("←"), mi("w"), mo("+"), frac(sym("η", "t"), mi("k")),
			row(sub(mo("∑"), row(sym("y", "i"), mo("⟨"), mi("w"), mo(","), sym("x", "i"), mo("⟩"), mo("<"), elem("mn", "1"))), sym("y", "i"), sym("x", "i"))),
			sp(), eq(mi("k"), count(u.BatchSize)))
	}
	proj := eq(row(mi(w), mo("←"), call(mi("min"), elem("mn", "1"), frac(frac(elem("mn", "1"), sup(mi("λ"), half())), row(mo("‖"), mi(w), mo("‖")))), mi(w)),
		row(call(mi("min"), elem("mn", "1"), frac(mn(u.Radius), mn(u.Norm))), mi(w)), row(mn(u.Projection), mi(w)))
	step = append(step, sp(), proj)
	return append(bs, block(StageInsert, "step and projection", src, insertHighlight(u.Index, u.EvictedIndex), step...))
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
	pred := eq(row(mi("f"), call("", sym("x", "t"))), row(mo("⟨"), mi("w"), mo(","), sym("x", "t"), mo("⟩")), mn(u.Score))
	box := []string{eq(mi("C"), frac(elem("mn", "1"), row(mi("λ"), mi("n"))), frac(elem("mn", "1"), row(mn(u.Lambda), mo("·"), count(u.N))), mn(1/(u.Lambda*float64(u.N)))), sp(),
		eq(mi("U"), mn(u.Upper)), sp(), eq(mi("D"), mn(u.Diag))}
	if u.SquaredHinge {
		box = append(box, sp(), mtext("(squared hinge: U = ∞, D = 1/(2C))"))
	}
	scale := eq(row(mi("α"), mo("←"), frac(sub(mi("n"), mtext("old")), mi("n")), mi("α")), row(mn(u.BoxScale), mi("α")))
	var ins []string
	if u.Evicted {
		ins = append(ins, mtext("buffer full: slot"), sp(), count(u.Slot), sp(), mtext("evicted,"), sp(),
			row(mi("w"), mo("←"), mi("w"), mo("−"), sub(mi("α"), mtext("old")), sub(mi("y"), mtext("old")), sub(mi("x"), mtext("old"))), sp(),
			eq(sub(mi("α"), mtext("old")), mn(u.EvictedAlpha)), sp())
	}
	G := eq(mi("G"), row(sym("y", "t"), sup(mi("w"), mi("⊤")), sym("x", "t"), mo("−"), elem("mn", "1"), mo("+"), mi("D"), sym("α", "t")), mn(u.G))
	clip := eq(sym("α", "t"), call(mi("min"), call(mi("max"), row(sym("α", "t"), mo("−"), frac(mi("G"), sym("Q̄", "tt"))), elem("mn", "0")), mi("U")),
		call(mi("min"), call(mi("max"), row(elem("mn", "0"), mo("−"), frac(num(u.G), mn(u.Qtt))), elem("mn", "0")), mn(u.Upper)), mn(u.AlphaFirst))
	qtt := eq(sym("Q̄", "tt"), row(sup(row(mo("‖"), sym("x", "t"), mo("‖")), elem("mn", "2")), mo("+"), mi("D")), mn(u.Qtt))
	ins = append(ins, mtext("stored in slot"), sp(), count(u.Slot), sp(), G, sp(), qtt, sp(), clip, sp(), mtext("after all passes"), sp(), eq(sym("α", "t"), mn(u.Alpha)))
	return []Block{
		block(StagePredict, "predict", src, predictHighlight(false), pred),
		dcdLoss(u, src),
		block(StageStepSize, "box (no step size: exact line search)", src, stepHighlight(), box...),
		block(StageShrink, "rescale into the new box", "kernelplay's online DCD", shrinkHighlight(), scale),
		block(StageInsert, "insert/evict and coordinate update", src, insertHighlight(-1, -1), ins...),
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
	yz := row(sym("y", "t"), mo(","), mi("z"))
	score := eq(row(sup(sub(mi("β"), yz), mi("⊤")), sym("x", "t")), mn(u.Score))
	rival := eq(row(sub(mi("max"), row(mi("y′"), mo("≠"), sym("y", "t"), mo(","), mi("k"))), sup(sub(mi("β"), row(mi("y′"), mo(","), mi("k"))), mi("⊤")), sym("x", "t")), mn(u.RivalScore))
	pred := []string{score, sp(), mtext("class"), sp(), count(u.Class), sp(), mtext("hyperplane"), sp(), count(u.Assigned)}
	if u.Created {
		pred = append(pred, sp(), mtext("(created: every hyperplane of the class scored below 0)"))
	}
	pred = append(pred, sp(), rival, sp(), mtext("class"), sp(), count(u.RivalClass), sp(), mtext("hyperplane"), sp(), count(u.RivalPlane))
	loss := eq(mi("l"), call(mi("max"), elem("mn", "0"), row(elem("mn", "1"), mo("−"), call("", row(mn(u.Score), mo("−"), num(u.RivalScore))))), mn(u.LossValue))
	step := []string{mtext("no violation: β only shrinks")}
	if u.Violated {
		step = []string{row(sub(mi("β"), yz), mo("+="), sym("η", "t"), sym("x", "t")), sp(),
			row(sub(mi("β"), row(count(u.RivalClass), mo(","), count(u.RivalPlane))), mo("−="), sym("η", "t"), sym("x", "t"))}
	}
	if u.Pruned {
		step = append(step, sp(), mtext("then small hyperplanes are pruned"))
	}
	return []Block{
		block(StagePredict, "predict", lecture("Multi-Hyperplane Machine"), predictHighlight(false), pred...),
		block(StageLoss, "loss (relaxed margin)", lecture("Multi-Hyperplane Machine"), lossHighlight(), loss),
		block(StageStepSize, "step size", src, stepHighlight(), eq(sym("η", "t"), frac(elem("mn", "1"), row(mi("λ"), mi("t"))), frac(elem("mn", "1"), row(mn(u.Lambda), mo("·"), count(u.T))), mn(u.Eta))),
		block(StageShrink, "shrink", src, shrinkHighlight(), eq(row(mi("β"), mo("←"), call("", row(elem("mn", "1"), mo("−"), frac(elem("mn", "1"), mi("t")))), mi("β")), row(mn(u.Shrink), mi("β")))),
		block(StageInsert, "subgradient step", src, insertHighlight(-1, -1), step...),
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
	pred := eq(row(mi("f"), call("", sym("x", "t"))), row(mo("⟨"), sym("w", "t"), mo(","), sym("x", "t"), mo("⟩")), mn(u.Score))
	loss := []string{eq(mi("l"), mn(u.LossValue)), sp(), eq(row(mi("l"), mo("′")), mn(u.Slope))}
	eps := eq(sym("ε", "t"), frac(row(sym("ε", "0"), mi("τ")), row(mi("τ"), mo("+"), mi("t"))), mn(u.Eps))
	bs := []Block{
		block(StagePredict, "predict", res("Algorithm 1"), predictHighlight(false), pred),
		block(StageLoss, "loss", res("eq. (10)"), lossHighlight(), loss...),
		block(StageStepSize, "step size", res("§4"), stepHighlight(), eps, sp(), eq(mi("Γ"), mn(u.Gamma)), sp(), eq(mi("δ"), mn(u.Delta))),
		block(StageShrink, "regularizer", res("eq. (10)"), shrinkHighlight(), mtext("no shrink: λw enters the gradient"), sp(), eq(mi("λ"), mn(u.Lambda))),
	}
	if !u.Updated {
		return append(bs, block(StageInsert, "batch", res("Algorithm 1"), insertHighlight(-1, -1),
			mtext("example"), sp(), count(u.InBatch), sp(), mtext("of"), sp(), count(u.BatchSize), sp(), mtext("in the batch: the iteration waits for the batch")))
	}
	norm := func(s string) string { return row(mo("‖"), s, mo("‖")) }
	dir := row(call("", row(sup(sym("B̂", "t"), row(mo("−"), elem("mn", "1"))), mo("+"), mi("Γ"), mi("I"))), sym("ŝ", "t"))
	ins := []string{
		eq(norm(sym("ŝ", "t")), mn(u.NormS)), sp(), eqno("10"), sp(),
		eq(norm(dir), mn(u.NormDir)), sp(), eqno("4"), sp(),
		eq(norm(row(sym("v", "t"), mo("="), sym("w", "t+1"), mo("−"), sym("w", "t"))), mn(u.NormV)), sp(), eqno("5"), sp(),
		eq(row(sup(sym("v", "t"), mi("⊤")), sym("r̃", "t")), mn(u.VR)),
	}
	if u.Skipped {
		ins = append(ins, sp(), mtext("curvature update (9) skipped: vᵀr̃ not positive"))
	} else {
		ins = append(ins, sp(), mtext("B̂ updated by (9)"))
	}
	return append(bs, block(StageInsert, "quasi-Newton step", res("eqs. (4), (5), (9), (10)"), insertHighlight(-1, -1), ins...))
}

// dcdLoss is the hinge, or the squared hinge of the L2-loss SVM.
func dcdLoss(u learn.DCDOnlineUpdate, src string) Block {
	if !u.SquaredHinge {
		return hingeBlock(u.Y, u.Score, u.LossValue, u.LossValue > 0, src)
	}
	l := eq(mi("l"), sup(call(mi("max"), elem("mn", "0"), row(elem("mn", "1"), mo("−"), sym("y", "t"), mi("f"), call("", sym("x", "t")))), elem("mn", "2")),
		sup(call(mi("max"), elem("mn", "0"), row(elem("mn", "1"), mo("−"), lab(u.Y), mo("·"), num(u.Score))), elem("mn", "2")), mn(u.LossValue))
	return block(StageLoss, "loss (squared hinge)", src, lossHighlight(), l)
}
