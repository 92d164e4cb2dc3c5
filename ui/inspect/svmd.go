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

// fx is the template of f_t(x_t) (with ", y_t" for several scores).
func fx(scores int) string {
	if scores > 1 {
		return "[row f_t [call . x_t y_t]]"
	}
	return "[row f_t [call . x_t]]"
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
	t := `[eq ` + fx(K) + ` [row [sub '∑ i] α_i [call k x_i x_t]] #] ~ "one kernel row over" ~ [row n '= #] ~ "terms"`
	h := []string{mn(at(u.F, y)), count(u.Terms)}
	if offset {
		t += ` ~ [eq [row ` + fx(K) + ` '+ b_t] #]`
		h = append(h, mn(at(u.U, y)))
	}
	return block(StagePredict, "predict", jmlr("eq. (29), Algorithm 2 step 2(a)"), predictHighlight(true), m(t, h...))
}

func svmdLoss(u learn.SVMDUpdate, K, y int, offset bool) Block {
	f := fx(K)
	if offset {
		f = `[row '( ` + f + ` '+ b_t ')]`
	}
	fv := at(u.U, y)
	var l, lnum, src string // l a template, lnum MathML
	switch u.Loss {
	case learn.SVMDHinge:
		l = `[call max 0 [row ε_t '− y_t ` + f + `]]`
		lnum = m(`[call max 0 [row # '− # '· #]]`, mn(u.Margin), lab(u.Y), num(fv))
		src = "eq. (14)"
	case learn.SVMDNovelty:
		l = `[call max 0 [row ε_t '− ` + f + `]]`
		lnum = m(`[call max 0 [row # '− #]]`, mn(u.Margin), num(fv))
		src = "eq. (23)"
	case learn.SVMDLogistic:
		l = `[call log [row 1 '+ [sup e [row '− y_t ` + f + `]]]]`
		lnum = m(`[call log [row 1 '+ [sup e [row '− # '· #]]]]`, lab(u.Y), num(fv))
		src = "eq. (18)"
	default: // multiclass, graph, multiclass logistic: the label's margin
		l = `[call max 0 [row ε_t '+ [sub max [row ỹ '≠ y_t]] [call f_t x_t ỹ] '− ` + f + `]]`
		src = map[learn.SVMDLoss]string{learn.SVMDMulticlass: "eq. (16)", learn.SVMDGraph: "eq. (25)", learn.SVMDMultiLogistic: "eq. (20)"}[u.Loss]
		if u.Loss == learn.SVMDMultiLogistic {
			l = `[row '− log p [call . y_t '| x_t]]`
		}
	}
	if u.Nu > 0 {
		l = `[row ` + l + ` '− ν ε_t]`
		if lnum != "" {
			lnum = m(`[row # '− # '· #]`, lnum, mn(u.Nu), mn(u.Margin))
		}
		src += ", ν-trick (53)"
	}
	t := `[eq l ` + l + ` # #] ~ `
	h := []string{lnum, mn(u.LossValue)}
	if K > 1 {
		t += `[eq [sub ξ [row t ', #]] #]`
		h = append(h, count(y), mn(at(u.Xi, y)))
		if r := rival(u.Xi, y); r >= 0 {
			t += ` ~ [eq [sub ξ [row t ', #]] #]`
			h = append(h, count(r), mn(u.Xi[r]))
		}
	} else {
		t += `[eq [row ξ_t '= [frac [row ∂ l] [row ∂ f]]] #]`
		h = append(h, mn(at(u.Xi, 0)))
	}
	if u.Violated {
		t += ` ~ "margin violated"`
	}
	return block(StageLoss, "loss", jmlr(src+", Table 1"), lossHighlight(), m(t, h...))
}

func svmdStep(u learn.SVMDUpdate, K, y int) Block {
	const gv = `[row '⟨ g_t ', v_t '⟩]`
	t := `[eq ` + gv + ` [row λ π_t '+ [sup ξ_t ⊤] v_t [call . x_t]] [row # '· # '+ #] #] ~ (45) ~ ` +
		`[eq η_t [row η_t−1 '· [call max ½ [row 1 '− μ ` + gv + `]]] [row # '· [call max ½ [row 1 '− # '· #]]] #] ~ (33)`
	h := []string{mn(u.Lambda), num(u.Pi), num(u.XiV), mn(u.GV), mn(u.EtaPrev), mn(u.Mu), num(u.GV), mn(u.Eta)}
	if u.Clamped {
		t += ` ~ "clamped to" ~ [eq [frac 1 λ] #]`
		h = append(h, mn(u.Eta))
	}
	t += ` ~ {λ: c in JMLR}`
	return block(StageStepSize, "step size (SMD)", jmlr("eqs. (45), (33)"), stepHighlight(), m(t, h...))
}

func svmdMargin(u learn.SVMDUpdate) Block {
	const g = `[row ε_t [call . [row ν '− m_t]]]`
	const gNum = `[row # '· [call . [row # '− #]]]`
	return block(StageStepSize, "margin (ν-trick)", jmlr("eqs. (56)–(58)"), lossHighlight(), m(
		`[eq η_ε,t [row η_ε,t−1 '· [call max ½ [row 1 '+ μ v_ε `+g+`]]] [row # '· [call max ½ [row 1 '+ # '· # '· `+gNum+`]]] #] ~ (57) ~ `+
			`[eq ε_t+1 [row ε_t [sup e [row η_ε,t `+g+`]]] [row # '· [sup e #]] #] ~ (56) ~ `+
			`[eq v_ε [row ρ v_ε '+ η_ε,t `+g+` [call . [row 1 '+ ρ v_ε]]] #] ~ (58) ~ {ρ: λ in JMLR}`,
		mn(u.EtaMarginPrev), mn(u.Mu), num(u.VMarginPrev), mn(u.Margin), mn(u.Nu), mn(u.M), mn(u.EtaMargin),
		mn(u.Margin), num(u.MarginStep), mn(u.MarginNext), mn(u.VMargin)))
}

func svmdShrink(u learn.SVMDUpdate) Block {
	t := `[eq [row α_i '← [call . [row 1 '− η_t λ]] α_i] [row [call . [row 1 '− # '· #]] α_i] [row # α_i]] ~ (32) ~ ` +
		`[eq [row β_i '← [call . [row 1 '− η_t λ]] ρ β_i '− η_t λ α_i] [row # β_i '+ # α_i]] ~ (40)`
	if u.Nu == 0 { // with ν the margin block, before this one, named ρ
		t += ` ~ {ρ: λ in JMLR}`
	}
	return block(StageShrink, "shrink and trace", jmlr("eqs. (32), (40)"), shrinkHighlight(),
		m(t, mn(u.Eta), mn(u.Lambda), mn(u.Shrink), mn(u.BetaScale), num(u.BetaMix)))
}

func svmdInsert(u learn.SVMDUpdate, K, y int) Block {
	body := m(`[eq α_t [row '− η_t ξ_t] [row '− # '· #] #] ~ (32) ~ [eq β_t [row '− η_t [call . [row ξ_t '+ ρ χ_t]]] #] ~ (40)`,
		mn(u.Eta), num(at(u.Xi, y)), mn(at(u.Alpha, y)), mn(at(u.Beta, y)))
	return block(StageInsert, "insert/evict", jmlr("eqs. (32), (40), §5.5"), insertHighlight(u.Index, u.EvictedIndex),
		body, termText(u.Stored, u.Index, u.Evicted, u.EvictedIndex, at(u.EvictedAlpha, y)))
}

// termText says where the new term went and which term left. It counts
// the terms from 1, oldest first, as the buffer strip's "101 / 512 terms"
// does (index and evIndex count from 0: the record's and the Highlight's).
func termText(stored bool, index int, evicted bool, evIndex int, evAlpha float64) string {
	if !stored {
		return m(`~ "no violation: no term is added"`)
	}
	t := m(`~ "stored as term" ~ # ~ "(the newest)"`, count(index+1))
	if evicted {
		which := "evicted with"
		if evIndex == 0 {
			which = "(the oldest) evicted with"
		}
		t += m(`~ "buffer full: term" ~ # ~ # ~ [eq α #]`, count(evIndex+1), mtext(which), mn(evAlpha))
	}
	return t
}
