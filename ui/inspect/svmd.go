package inspect

import (
	"kernelplay/core/learn"
)

// jmlr cites the JMLR SVMD paper (Vishwanathan, Schraudolph, Smola 2006).
func jmlr(eqs string) string { return "JMLR " + eqs }

// at returns v[k] for a multi-score vector (k the label) or v[0].
func at(v []float64, k int) float64 {
	if k >= 0 && k < len(v) {
		return v[k]
	}
	if len(v) > 0 {
		return v[0]
	}
	return 0
}

// label is the score index shown: the label for several scores, else 0.
func label(y float64, scores int) int {
	if scores > 1 {
		return int(y)
	}
	return 0
}

// fx writes f_t(x_t) (with ", y_t" for several scores).
func fx(scores int) string {
	if scores > 1 {
		return row(sym("f", "t"), call("", sym("x", "t"), sym("y", "t")))
	}
	return row(sym("f", "t"), call("", sym("x", "t")))
}

// rival returns the label ỹ ≠ y with ξ_ỹ > 0 (the multiclass losses' other
// coefficient), or −1.
func rival(xi []float64, y int) int {
	for k, v := range xi {
		if k != y && v > 0 {
			return k
		}
	}
	return -1
}

// SVMD returns the blocks of SVMD's last step, JMLR Algorithm 2 (eq.
// numbers of Vishwanathan, Schraudolph, Smola 2006): f_t(x_t) (29), the loss
// and ξ_t (Table 1; 53 with ν), ⟨g_t, v_t⟩ (45) and η_t (33), with ν the
// margin's η_ε (57), ε (56) and v_ε (58), the shrink (28, 32) and trace (40)
// of the old terms, and the new α_t (32), β_t (40) with the eviction of
// §5.5. Several scores (the multiclass losses) show the label's component.
// No blocks before the first step (T = 0).
func SVMD(u learn.SVMDUpdate) []Block {
	if u.T == 0 {
		return nil
	}
	K := len(u.F)
	y := label(u.Y, K)
	offset := u.Offset
	bs := []Block{svmdPredict(u, K, y, offset), svmdLoss(u, K, y, offset)}
	bs = append(bs, svmdStep(u, K, y))
	if u.Nu > 0 {
		bs = append(bs, svmdMargin(u))
	}
	bs = append(bs, svmdShrink(u), svmdInsert(u, K, y))
	return bs
}

func svmdPredict(u learn.SVMDUpdate, K, y int, offset bool) Block {
	sum := row(sub(mo("∑"), mi("i")), sym("α", "i"), call(mi("k"), sym("x", "i"), sym("x", "t")))
	parts := []string{eq(fx(K), sum, mn(at(u.F, y))), sp(), mtext("one kernel row over"), sp(), row(mi("n"), mo("="), count(u.Terms)), sp(), mtext("terms")}
	if offset {
		parts = append(parts, sp(), eq(row(fx(K), mo("+"), sym("b", "t")), mn(at(u.U, y))))
	}
	return block(StagePredict, "predict", jmlr("eq. (29), Algorithm 2 step 2(a)"), predictHighlight(true), parts...)
}

func svmdLoss(u learn.SVMDUpdate, K, y int, offset bool) Block {
	f := fx(K)
	if offset {
		f = row(mo("("), fx(K), mo("+"), sym("b", "t"), mo(")"))
	}
	fv := at(u.U, y)
	eps, yt := sym("ε", "t"), sym("y", "t")
	var l, lnum, src string
	switch u.Loss {
	case learn.SVMDHinge:
		l = call(mi("max"), elem("mn", "0"), row(eps, mo("−"), yt, f))
		lnum = call(mi("max"), elem("mn", "0"), row(mn(u.Margin), mo("−"), lab(u.Y), mo("·"), num(fv)))
		src = "eq. (14)"
	case learn.SVMDNovelty:
		l = call(mi("max"), elem("mn", "0"), row(eps, mo("−"), f))
		lnum = call(mi("max"), elem("mn", "0"), row(mn(u.Margin), mo("−"), num(fv)))
		src = "eq. (23)"
	case learn.SVMDLogistic:
		l = call(mi("log"), row(elem("mn", "1"), mo("+"), sup(mi("e"), row(mo("−"), yt, f))))
		lnum = call(mi("log"), row(elem("mn", "1"), mo("+"), sup(mi("e"), row(mo("−"), lab(u.Y), mo("·"), num(fv)))))
		src = "eq. (18)"
	default: // multiclass, graph, multiclass logistic: the label's margin
		l = call(mi("max"), elem("mn", "0"), row(eps, mo("+"), sub(mi("max"), row(mi("ỹ"), mo("≠"), yt)), call(sym("f", "t"), sym("x", "t"), mi("ỹ")), mo("−"), f))
		src = map[learn.SVMDLoss]string{learn.SVMDMulticlass: "eq. (16)", learn.SVMDGraph: "eq. (25)", learn.SVMDMultiLogistic: "eq. (20)"}[u.Loss]
		if u.Loss == learn.SVMDMultiLogistic {
			l = row(mo("−"), mi("log"), mi("p"), call("", yt, mo("|"), sym("x", "t")))
		}
	}
	if u.Nu > 0 {
		l = row(l, mo("−"), mi("ν"), eps)
		if lnum != "" {
			lnum = row(lnum, mo("−"), mn(u.Nu), mo("·"), mn(u.Margin))
		}
		src += ", ν-trick (53)"
	}
	parts := []string{eq(mi("l"), l, lnum, mn(u.LossValue)), sp()}
	xi := sym("ξ", "t")
	if K > 1 {
		parts = append(parts, eq(sub(mi("ξ"), row(mi("t"), mo(","), count(y))), mn(at(u.Xi, y))))
		if r := rival(u.Xi, y); r >= 0 {
			parts = append(parts, sp(), eq(sub(mi("ξ"), row(mi("t"), mo(","), count(r))), mn(u.Xi[r])))
		}
	} else {
		parts = append(parts, eq(row(xi, mo("="), frac(row(mi("∂"), mi("l")), row(mi("∂"), mi("f")))), mn(at(u.Xi, 0))))
	}
	if u.Violated {
		parts = append(parts, sp(), mtext("margin violated"))
	}
	return block(StageLoss, "loss", jmlr(src+", Table 1"), lossHighlight(), parts...)
}

func svmdStep(u learn.SVMDUpdate, K, y int) Block {
	gv := row(mo("⟨"), sym("g", "t"), mo(","), sym("v", "t"), mo("⟩"))
	first := eq(gv, row(mi("λ"), sym("π", "t"), mo("+"), sup(sym("ξ", "t"), mi("⊤")), sym("v", "t"), call("", sym("x", "t"))),
		row(mn(u.Lambda), mo("·"), num(u.Pi), mo("+"), num(u.XiV)), mn(u.GV))
	factor := call(mi("max"), half(), row(elem("mn", "1"), mo("−"), mi("μ"), gv))
	factorNum := call(mi("max"), half(), row(elem("mn", "1"), mo("−"), mn(u.Mu), mo("·"), num(u.GV)))
	second := eq(sym("η", "t"), row(sym("η", "t−1"), mo("·"), factor), row(mn(u.EtaPrev), mo("·"), factorNum), mn(u.Eta))
	parts := []string{first, sp(), eqno("45"), sp(), second, sp(), eqno("33")}
	if u.Clamped {
		parts = append(parts, sp(), mtext("clamped to"), sp(), eq(frac(elem("mn", "1"), mi("λ")), mn(u.Eta)))
	}
	parts = append(parts, sp(), letter("λ", "c in JMLR"))
	return block(StageStepSize, "step size (SMD)", jmlr("eqs. (45), (33)"), stepHighlight(), parts...)
}

func svmdMargin(u learn.SVMDUpdate) Block {
	g := row(sym("ε", "t"), call("", row(mi("ν"), mo("−"), sym("m", "t"))))
	gNum := row(mn(u.Margin), mo("·"), call("", row(mn(u.Nu), mo("−"), mn(u.M))))
	etaE := eq(sym("η", "ε,t"), row(sym("η", "ε,t−1"), mo("·"), call(mi("max"), half(), row(elem("mn", "1"), mo("+"), mi("μ"), sym("v", "ε"), g))),
		row(mn(u.EtaMarginPrev), mo("·"), call(mi("max"), half(), row(elem("mn", "1"), mo("+"), mn(u.Mu), mo("·"), num(u.VMarginPrev), mo("·"), gNum))), mn(u.EtaMargin))
	epsNext := eq(sym("ε", "t+1"), row(sym("ε", "t"), sup(mi("e"), row(sym("η", "ε,t"), g))),
		row(mn(u.Margin), mo("·"), sup(mi("e"), num(u.MarginStep))), mn(u.MarginNext))
	vE := eq(sym("v", "ε"), row(mi("ρ"), sym("v", "ε"), mo("+"), sym("η", "ε,t"), g, call("", row(elem("mn", "1"), mo("+"), mi("ρ"), sym("v", "ε")))), mn(u.VMargin))
	return block(StageStepSize, "margin (ν-trick)", jmlr("eqs. (56)–(58)"), lossHighlight(),
		etaE, sp(), eqno("57"), sp(), epsNext, sp(), eqno("56"), sp(), vE, sp(), eqno("58"), sp(), letter("ρ", "λ in JMLR"))
}

func svmdShrink(u learn.SVMDUpdate) Block {
	a := eq(row(sym("α", "i"), mo("←"), call("", row(elem("mn", "1"), mo("−"), sym("η", "t"), mi("λ"))), sym("α", "i")),
		row(call("", row(elem("mn", "1"), mo("−"), mn(u.Eta), mo("·"), mn(u.Lambda))), sym("α", "i")), row(mn(u.Shrink), sym("α", "i")))
	b := eq(row(sym("β", "i"), mo("←"), call("", row(elem("mn", "1"), mo("−"), sym("η", "t"), mi("λ"))), mi("ρ"), sym("β", "i"), mo("−"), sym("η", "t"), mi("λ"), sym("α", "i")),
		row(mn(u.BetaScale), sym("β", "i"), mo("+"), num(u.BetaMix), sym("α", "i")))
	parts := []string{a, sp(), eqno("32"), sp(), b, sp(), eqno("40")}
	if u.Nu == 0 { // with ν the margin block, before this one, named ρ
		parts = append(parts, sp(), letter("ρ", "λ in JMLR"))
	}
	return block(StageShrink, "shrink and trace", jmlr("eqs. (32), (40)"), shrinkHighlight(), parts...)
}

func svmdInsert(u learn.SVMDUpdate, K, y int) Block {
	xiY := at(u.Xi, y)
	a := eq(sym("α", "t"), row(mo("−"), sym("η", "t"), sym("ξ", "t")), row(mo("−"), mn(u.Eta), mo("·"), num(xiY)), mn(at(u.Alpha, y)))
	b := eq(sym("β", "t"), row(mo("−"), sym("η", "t"), call("", row(sym("ξ", "t"), mo("+"), mi("ρ"), sym("χ", "t")))), mn(at(u.Beta, y)))
	parts := []string{a, sp(), eqno("32"), sp(), b, sp(), eqno("40")}
	parts = append(parts, termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, at(u.EvictedAlpha, y))...)
	return block(StageInsert, "insert/evict", jmlr("eqs. (32), (40), §5.5"), insertHighlight(u.Index, u.EvictedIndex), parts...)
}

// termText says where the new term went and which term left. It counts
// the terms from 1, oldest first, as the buffer strip's "101 / 512 terms"
// does (index and evIndex count from 0: the record's and the Highlight's).
func termText(stored bool, index int, evicted bool, evIndex int, evAlpha float64) []string {
	if !stored {
		return []string{sp(), mtext("no violation: no term is added")}
	}
	parts := []string{sp(), mtext("stored as term"), sp(), count(index + 1), sp(), mtext("(the newest)")}
	if evicted {
		which := "evicted with"
		if evIndex == 0 {
			which = "(the oldest) evicted with"
		}
		parts = append(parts, sp(), mtext("buffer full: term"), sp(), count(evIndex+1), sp(), mtext(which), sp(), eq(mi("α"), mn(evAlpha)))
	}
	return parts
}
