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
	verdict := ` ~ "> 0: correct, no update"`
	if u.MarginError {
		verdict = ` ~ "≤ 0: mistake, update"`
	}
	h := none()
	h.Point = true
	bs := []Block{
		normaPredict(u, K, y),
		block(StageLoss, "mistake?", norma("eq. (15)"), lossHighlight(), m(`[eq [row y_t g [call . x_t]] [row # '· #] #]`+verdict, lab(u.Y), num(g), mn(u.Y*g))),
		block(StageStepSize, "step size", norma("after eq. (15): λ = 0, η = 1"), stepHighlight(), m(`[eq η #] ~ [eq λ #]`, lab(u.Eta), lab(u.Lambda))),
		block(StageShrink, "shrink", norma("eq. (10) with λ = 0"), shrinkHighlight(), m(`"λ = 0: the old terms keep their α"`)),
	}
	var a string
	if u.MarginError {
		a = m(`[eq α_t y_t #]`, lab(at(u.Alpha, y)))
		if K > 1 {
			a = m(`[eq α_t,y 1]`)
		}
	}
	return append(bs, block(StageInsert, "insert/evict", norma("eqs. (9), (15), §2 truncation"), insertHighlight(u.Index, u.EvictedIndex),
		a, termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, at(u.EvictedAlpha, y))))
}

func normaPredict(u learn.NORMAUpdate, K, y int) Block {
	t := `[eq [row f [call . x_t]] [row [sub '∑ i] α_i [call k x_i x_t]] #] ~ "over" ~ [row n '= #] ~ "terms"`
	h := []string{mn(at(u.F, y)), count(u.Terms)}
	if u.Offset {
		t += ` ~ [eq [row g [call . x_t]] [row f [call . x_t] '+ b] #]`
		h = append(h, mn(at(u.G, y)))
	}
	return block(StagePredict, "predict", norma("eq. (7)"), predictHighlight(true), m(t, h...))
}

func normaLoss(u learn.NORMAUpdate, K, y int) Block {
	g := `[row g [call . x_t]]`
	if u.Task == learn.Novelty {
		g = `[row f [call . x_t]]`
	}
	gv := at(u.G, y)
	// The loss (NORMA's c) as a template with its holes ch, with the
	// step's numbers (MathML), and its equation.
	var c, cNum, src string
	var ch []string
	switch u.Rule {
	case learn.RuleSoftMargin, learn.RuleNuClassification:
		c = `[call max 0 [row ε '− y_t ` + g + `]]`
		cNum = m(`[call max 0 [row # '− # '· #]]`, mn(u.Margin), lab(u.Y), num(gv))
		src = "eq. (12)"
		if u.Rule == learn.RuleNuClassification {
			c, cNum, src = `[row `+c+` '− ν ε]`, m(`[row # '− # '· #]`, cNum, mn(u.Nu), mn(u.Margin)), "eq. (13)"
		}
	case learn.RuleHinge:
		c = `[call max 0 [row '− y_t ` + g + `]]`
		cNum = m(`[call max 0 [row '− # '· #]]`, lab(u.Y), num(gv))
		src = "eq. (15)"
	case learn.RuleNovelty:
		c = `[row [call max 0 [row ε '− ` + g + `]] '− ν ε]`
		cNum = m(`[row [call max 0 [row # '− #]] '− # '· #]`, mn(u.Margin), num(gv), mn(u.Nu), mn(u.Margin))
		src = "eq. (16)"
	case learn.RuleSquared:
		c = `[row ½ [sup [call . [row y_t '− ` + g + `]] 2]]`
		cNum = m(`[row ½ [sup [call . [row # '− #]] 2]]`, lab(u.Y), num(gv))
		src = "eq. (17)"
	case learn.RuleNuEpsilonInsensitive:
		c = `[row [call max 0 [row '| y_t '− ` + g + ` '| '− ε]] '+ ν ε]`
		cNum = m(`[row [call max 0 [row '| # '− # '| '− #]] '+ # '· #]`, lab(u.Y), num(gv), mn(u.Margin), mn(u.Nu), mn(u.Margin))
		src = "eq. (18)"
	case learn.RuleHuber, learn.RuleAdaptiveHuber:
		c, ch = `[row "Huber" [call . [row y_t '− `+g+`]] '; [eq ε #]]`, []string{mn(u.Margin)}
		src = "eq. (19)"
	}
	if K > 1 {
		c, ch = "[call max 0 [row ε '+ [sub max [row ỹ '≠ y_t]] [call g x_t ỹ] '− [call g x_t y_t]]]", nil
		cNum = ""
		src = "JMLR eq. (16) with margin ε"
		if u.Rule == learn.RuleNuClassification {
			c = `[row ` + c + ` '− ν ε]`
		}
	}
	// The page's letters, and NORMA's once: its loss is c, ξ_t its c′, the
	// margin its ρ (σ in the Huber losses, eq. 19).
	t := `[eq l ` + c + ` # #] ~ [eq [row ξ_t '= [frac [row ∂ l] [row ∂ f]]] #] ~ {ξ: c′ in NORMA}`
	h := append(ch, cNum, mn(u.LossValue), mn(at(u.Xi, y)))
	switch {
	case u.Rule == learn.RuleHuber || u.Rule == learn.RuleAdaptiveHuber:
		t += ` ~ {ε: σ in NORMA}`
	case K > 1 || u.Rule == learn.RuleSoftMargin || u.Rule == learn.RuleNuClassification || u.Rule == learn.RuleNovelty:
		t += ` ~ {ε: ρ in NORMA}`
	}
	if K > 1 {
		if r := rival(u.Xi, y); r >= 0 {
			t += ` ~ "rival label" ~ #`
			h = append(h, count(r))
		}
	}
	if u.MarginError {
		t += ` ~ "margin error"`
	}
	if K > 1 {
		return block(StageLoss, "loss", src, lossHighlight(), m(t, h...))
	}
	return block(StageLoss, "loss", norma(src), lossHighlight(), m(t, h...))
}

func normaStep(u learn.NORMAUpdate) Block {
	switch s := u.Schedule.(type) {
	case learn.Sqrt:
		eta0, tau := s.Eta0, s.Tau
		if eta0 == 0 {
			eta0 = 1
		}
		if tau == 0 {
			tau = 10
		}
		f := m(`[eq η_t [row η_0 [sup [call . [frac τ [row τ '+ t '− 1]]] ½]] [row # '· [sup [call . [frac # [row # '+ # '− 1]]] ½]] #]`,
			mn(eta0), mn(tau), mn(tau), count(u.T), mn(u.Eta))
		return block(StageStepSize, "step size (schedule)", "JMLR eq. (59)", stepHighlight(), f)
	case learn.InvSqrtT:
		f := m(`[eq η_t [frac 1 [row 3 λ [sup t ½]]] [frac 1 [row 3 '· # '· [sup # ½]]] #]`, mn(s.Lambda), count(u.T), mn(u.Eta))
		return block(StageStepSize, "step size (schedule)", norma("Theorem 2"), stepHighlight(), f)
	case learn.Constant:
		return block(StageStepSize, "step size (constant)", norma("§2"), stepHighlight(), m(`[eq η_t #]`, mn(u.Eta)))
	}
	return block(StageStepSize, "step size", norma("§2"), stepHighlight(), m(`[eq η_t #]`, mn(u.Eta)))
}

func normaShrink(u learn.NORMAUpdate) Block {
	return block(StageShrink, "shrink", norma("eq. (10)"), shrinkHighlight(),
		m(`[eq [row α_i '← [call . [row 1 '− λ η_t]] α_i] [row [call . [row 1 '− # '· #]] α_i] [row # α_i]]`, mn(u.Lambda), mn(u.Eta), mn(u.Shrink)))
}

func normaInsert(u learn.NORMAUpdate, K, y int) Block {
	t := `[eq α_t [row '− η_t ξ_t] [row '− # '· #] #] ~ (9)`
	h := []string{mn(u.Eta), num(at(u.Xi, y)), mn(at(u.Alpha, y))}
	if u.Offset {
		t += ` ~ [eq [row b '← b '− η_t ξ_t] #]`
		h = append(h, mn(at(u.B, y)))
	}
	if u.Nu > 0 {
		// ε: the page's margin symbol, whatever the rule.
		const dm = `[frac [row ∂ l] [row ∂ ε]]`
		if u.MarginRule == learn.MarginLogSpace {
			t += ` ~ [eq [row ε '← ε [sup e [row '− [sub η m] ε ` + dm + `]]] [row # '· [sup e [row '− # '· # '· #]]] #]`
			h = append(h, mn(u.Margin), mn(u.EtaMargin), mn(u.Margin), num(u.DMargin), mn(u.MarginNext))
		} else {
			t += ` ~ [eq [row ε '← [call max 0 [row ε '− η_t ` + dm + `]]] [call max 0 [row # '− # '· #]] #]`
			h = append(h, mn(u.Margin), mn(u.Eta), num(u.DMargin), mn(u.MarginNext))
		}
	}
	src := map[learn.Rule]string{learn.RuleNuClassification: ", (14)", learn.RuleNovelty: ", (16)", learn.RuleNuEpsilonInsensitive: ", (18)", learn.RuleAdaptiveHuber: ", (21)", learn.RuleHuber: ", (20)"}[u.Rule]
	return block(StageInsert, "insert/evict", norma("eqs. (9)"+src+", §2 truncation"), insertHighlight(u.Index, u.EvictedIndex),
		m(t, h...), termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, at(u.EvictedAlpha, y)))
}
