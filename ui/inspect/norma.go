package inspect

import (
	"kernelplay/core/learn"
)

// norma cites the NORMA paper (Kivinen, Smola, Williamson 2004).
func norma(eqs string) string { return "NORMA " + eqs }

// NORMA returns the blocks of NORMA's last step (Kivinen, Smola, Williamson
// 2004, eq. numbers of that paper): f(x_t) (7), the rule's loss and c'
// (eqs. 12, 13, 15–19 as configured), η_t of the schedule (JMLR eq. 59 for
// learn.Sqrt, Theorem 2 for learn.InvSqrtT), the shrink (10), the new term
// (9) with the offset, the ν rules' margin step (14, 16, 18, 21, with the
// descent signs documented at learn.Rule) and the truncation (§2, eq. 11).
// Several scores show the label's component. No blocks before the first
// step.
func NORMA(u learn.NORMAUpdate) []Block {
	if u.T == 0 {
		return nil
	}
	K := len(u.F)
	y := label(u.Y, K)
	return []Block{normaPredict(u, K, y), normaLoss(u, K, y), normaStep(u), normaShrink(u), normaInsert(u, K, y)}
}

// Perceptron returns the blocks of the kernel perceptron's last step: NORMA's
// rule (15) with λ = 0 and η = 1 ("Setting λ = 0 recovers the
// kernel-perceptron algorithm", after eq. 15): on y_t g(x_t) ≤ 0 the term
// y_t k(x_t, ·) is added, nothing shrinks.
func Perceptron(u learn.NORMAUpdate) []Block {
	if u.T == 0 {
		return nil
	}
	K := len(u.F)
	y := label(u.Y, K)
	g := at(u.G, y)
	test := eq(row(sym("y", "t"), mi("g"), call("", sym("x", "t"))), row(lab(u.Y), mo("·"), num(g)), mn(u.Y*g))
	verdict := mtext("> 0: correct, no update")
	if u.MarginError {
		verdict = mtext("≤ 0: mistake, update")
	}
	h := none()
	h.Point = true
	bs := []Block{
		normaPredict(u, K, y),
		block(StageLoss, "mistake?", norma("eq. (15)"), lossHighlight(), test, sp(), verdict),
		block(StageStepSize, "step size", norma("after eq. (15): λ = 0, η = 1"), stepHighlight(), eq(mi("η"), lab(u.Eta)), sp(), eq(mi("λ"), lab(u.Lambda))),
		block(StageShrink, "shrink", norma("eq. (10) with λ = 0"), shrinkHighlight(), mtext("λ = 0: the old terms keep their α")),
	}
	a := eq(sym("α", "t"), sym("y", "t"), lab(at(u.Alpha, y)))
	if K > 1 {
		a = eq(sym("α", "t,y"), elem("mn", "1"))
	}
	var parts []string
	if u.MarginError {
		parts = append(parts, a)
	}
	parts = append(parts, termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, at(u.EvictedAlpha, y))...)
	return append(bs, block(StageInsert, "insert/evict", norma("eqs. (9), (15), §2 truncation"), insertHighlight(u.Index, u.EvictedIndex), parts...))
}

func normaPredict(u learn.NORMAUpdate, K, y int) Block {
	sum := row(sub(mo("∑"), mi("i")), sym("α", "i"), call(mi("k"), sym("x", "i"), sym("x", "t")))
	f := row(mi("f"), call("", sym("x", "t")))
	parts := []string{eq(f, sum, mn(at(u.F, y))), sp(), mtext("over"), sp(), row(mi("n"), mo("="), count(u.Terms)), sp(), mtext("terms")}
	if u.Offset {
		parts = append(parts, sp(), eq(row(mi("g"), call("", sym("x", "t"))), row(mi("f"), call("", sym("x", "t")), mo("+"), mi("b")), mn(at(u.G, y))))
	}
	return block(StagePredict, "predict", norma("eq. (7)"), predictHighlight(true), parts...)
}

func normaLoss(u learn.NORMAUpdate, K, y int) Block {
	g := row(mi("g"), call("", sym("x", "t")))
	if u.Task == learn.Novelty {
		g = row(mi("f"), call("", sym("x", "t")))
	}
	gv := at(u.G, y)
	yt := sym("y", "t")
	zero := elem("mn", "0")
	var c, cNum, src string // the loss (NORMA's c), with the step's numbers, and its equation
	switch u.Rule {
	case learn.RuleSoftMargin, learn.RuleNuClassification:
		c = call(mi("max"), zero, row(mi("ε"), mo("−"), yt, g))
		cNum = call(mi("max"), zero, row(mn(u.Margin), mo("−"), lab(u.Y), mo("·"), num(gv)))
		src = "eq. (12)"
		if u.Rule == learn.RuleNuClassification {
			c, cNum, src = row(c, mo("−"), mi("ν"), mi("ε")), row(cNum, mo("−"), mn(u.Nu), mo("·"), mn(u.Margin)), "eq. (13)"
		}
	case learn.RuleHinge:
		c = call(mi("max"), zero, row(mo("−"), yt, g))
		cNum = call(mi("max"), zero, row(mo("−"), lab(u.Y), mo("·"), num(gv)))
		src = "eq. (15)"
	case learn.RuleNovelty:
		c = row(call(mi("max"), zero, row(mi("ε"), mo("−"), g)), mo("−"), mi("ν"), mi("ε"))
		cNum = row(call(mi("max"), zero, row(mn(u.Margin), mo("−"), num(gv))), mo("−"), mn(u.Nu), mo("·"), mn(u.Margin))
		src = "eq. (16)"
	case learn.RuleSquared:
		c = row(half(), sup(call("", row(yt, mo("−"), g)), elem("mn", "2")))
		cNum = row(half(), sup(call("", row(lab(u.Y), mo("−"), num(gv))), elem("mn", "2")))
		src = "eq. (17)"
	case learn.RuleNuEpsilonInsensitive:
		c = row(call(mi("max"), zero, row(mo("|"), yt, mo("−"), g, mo("|"), mo("−"), mi("ε"))), mo("+"), mi("ν"), mi("ε"))
		cNum = row(call(mi("max"), zero, row(mo("|"), lab(u.Y), mo("−"), num(gv), mo("|"), mo("−"), mn(u.Margin))), mo("+"), mn(u.Nu), mo("·"), mn(u.Margin))
		src = "eq. (18)"
	case learn.RuleHuber, learn.RuleAdaptiveHuber:
		c = row(mtext("Huber"), call("", row(yt, mo("−"), g)), mo(";"), eq(mi("ε"), mn(u.Margin)))
		src = "eq. (19)"
	}
	if K > 1 {
		c = call(mi("max"), zero, row(mi("ε"), mo("+"), sub(mi("max"), row(mi("ỹ"), mo("≠"), yt)), call(mi("g"), sym("x", "t"), mi("ỹ")), mo("−"), call(mi("g"), sym("x", "t"), yt)))
		cNum = ""
		src = "JMLR eq. (16) with margin ε"
		if u.Rule == learn.RuleNuClassification {
			c = row(c, mo("−"), mi("ν"), mi("ε"))
		}
	}
	xi := sym("ξ", "t")
	parts := []string{eq(mi("l"), c, cNum, mn(u.LossValue)), sp(), eq(row(xi, mo("="), frac(row(mi("∂"), mi("l")), row(mi("∂"), mi("f")))), mn(at(u.Xi, y)))}
	// The page's letters, and NORMA's once: its loss is c, ξ_t its c′, the
	// margin its ρ (σ in the Huber losses, eq. 19).
	parts = append(parts, sp(), letter("ξ", "c′ in NORMA"))
	switch {
	case u.Rule == learn.RuleHuber || u.Rule == learn.RuleAdaptiveHuber:
		parts = append(parts, sp(), letter("ε", "σ in NORMA"))
	case K > 1 || u.Rule == learn.RuleSoftMargin || u.Rule == learn.RuleNuClassification || u.Rule == learn.RuleNovelty:
		parts = append(parts, sp(), letter("ε", "ρ in NORMA"))
	}
	if K > 1 {
		if r := rival(u.Xi, y); r >= 0 {
			parts = append(parts, sp(), mtext("rival label"), sp(), count(r))
		}
	}
	if u.MarginError {
		parts = append(parts, sp(), mtext("margin error"))
	}
	if K > 1 {
		return block(StageLoss, "loss", src, lossHighlight(), parts...)
	}
	return block(StageLoss, "loss", norma(src), lossHighlight(), parts...)
}

func normaStep(u learn.NORMAUpdate) Block {
	eta := sym("η", "t")
	t := count(u.T)
	switch s := u.Schedule.(type) {
	case learn.Sqrt:
		eta0, tau := s.Eta0, s.Tau
		if eta0 == 0 {
			eta0 = 1
		}
		if tau == 0 {
			tau = 10
		}
		f := eq(eta, row(sym("η", "0"), sup(call("", frac(mi("τ"), row(mi("τ"), mo("+"), mi("t"), mo("−"), elem("mn", "1")))), half())),
			row(mn(eta0), mo("·"), sup(call("", frac(mn(tau), row(mn(tau), mo("+"), t, mo("−"), elem("mn", "1")))), half())), mn(u.Eta))
		return block(StageStepSize, "step size (schedule)", "JMLR eq. (59)", stepHighlight(), f)
	case learn.InvSqrtT:
		f := eq(eta, frac(elem("mn", "1"), row(elem("mn", "3"), mi("λ"), sup(mi("t"), half()))),
			frac(elem("mn", "1"), row(elem("mn", "3"), mo("·"), mn(s.Lambda), mo("·"), sup(t, half()))), mn(u.Eta))
		return block(StageStepSize, "step size (schedule)", norma("Theorem 2"), stepHighlight(), f)
	case learn.Constant:
		return block(StageStepSize, "step size (constant)", norma("§2"), stepHighlight(), eq(eta, mn(u.Eta)))
	}
	return block(StageStepSize, "step size", norma("§2"), stepHighlight(), eq(eta, mn(u.Eta)))
}

func normaShrink(u learn.NORMAUpdate) Block {
	a := eq(row(sym("α", "i"), mo("←"), call("", row(elem("mn", "1"), mo("−"), mi("λ"), sym("η", "t"))), sym("α", "i")),
		row(call("", row(elem("mn", "1"), mo("−"), mn(u.Lambda), mo("·"), mn(u.Eta))), sym("α", "i")), row(mn(u.Shrink), sym("α", "i")))
	return block(StageShrink, "shrink", norma("eq. (10)"), shrinkHighlight(), a)
}

func normaInsert(u learn.NORMAUpdate, K, y int) Block {
	dc := sym("ξ", "t")
	a := eq(sym("α", "t"), row(mo("−"), sym("η", "t"), dc), row(mo("−"), mn(u.Eta), mo("·"), num(at(u.Xi, y))), mn(at(u.Alpha, y)))
	parts := []string{a, sp(), eqno("9")}
	if u.Offset {
		parts = append(parts, sp(), eq(row(mi("b"), mo("←"), mi("b"), mo("−"), sym("η", "t"), dc), mn(at(u.B, y))))
	}
	if u.Nu > 0 {
		m := "ε" // the page's margin symbol, whatever the rule
		dm := frac(row(mi("∂"), mi("l")), row(mi("∂"), mi(m)))
		if u.MarginRule == learn.MarginLogSpace {
			parts = append(parts, sp(), eq(row(mi(m), mo("←"), mi(m), sup(mi("e"), row(mo("−"), sub(mi("η"), mi("m")), mi(m), dm))),
				row(mn(u.Margin), mo("·"), sup(mi("e"), row(mo("−"), mn(u.EtaMargin), mo("·"), mn(u.Margin), mo("·"), num(u.DMargin)))), mn(u.MarginNext)))
		} else {
			parts = append(parts, sp(), eq(row(mi(m), mo("←"), call(mi("max"), elem("mn", "0"), row(mi(m), mo("−"), sym("η", "t"), dm))),
				call(mi("max"), elem("mn", "0"), row(mn(u.Margin), mo("−"), mn(u.Eta), mo("·"), num(u.DMargin))), mn(u.MarginNext)))
		}
	}
	parts = append(parts, termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, at(u.EvictedAlpha, y))...)
	src := map[learn.Rule]string{learn.RuleNuClassification: ", (14)", learn.RuleNovelty: ", (16)", learn.RuleNuEpsilonInsensitive: ", (18)", learn.RuleAdaptiveHuber: ", (21)", learn.RuleHuber: ", (20)"}[u.Rule]
	return block(StageInsert, "insert/evict", norma("eqs. (9)"+src+", §2 truncation"), insertHighlight(u.Index, u.EvictedIndex), parts...)
}
