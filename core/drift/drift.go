// Package drift detects changes in a learner's 0/1 error stream: ADWIN
// (Bifet and Gavaldà, "Learning from time-changing data with adaptive
// windowing", SDM 2007), in its ADWIN2 form with an exponential histogram,
// and the Page–Hinkley test (Page, "Continuous inspection schemes",
// Biometrika 1954). Both are one-sided here: they alarm when the error
// rises (a learner that gets better is not a change the page marks), and
// not before a burn-in.
//
// The detectors are fed one value per step (1 for a mistake, 0 otherwise;
// any value in [0, 1] is accepted) by the caller, and report whether the
// step raised an alarm. Their parameters are documented fields; the
// Default… constructors give the papers' (or their reference
// implementations') values.
//
// Package drift is pure Go: it must not import syscall/js or anything under
// kernelplay/ui, and it imports no other kernelplay package.
package drift

import (
	"fmt"
	"math"
)

// ADWIN is the ADWIN2 change detector of Bifet and Gavaldà (2007, §4): a
// window W of the most recent values, stored as an exponential histogram
// (buckets of 2^i values, at most M per size, merged two by two), cut
// whenever two sub-windows W0 (older) · W1 (newer), split at a bucket
// boundary, have means differing by more than
//
//	ε_cut = √((2/m)·σ²_W·ln(2/δ')) + (2/(3m))·ln(2/δ'),
//	m = 1/(1/n0 + 1/n1),  δ' = δ/n,  n = |W|,
//
// the variance-aware ε_cut the paper recommends for practice (§3, after
// Theorem 3.1; σ²_W the variance of the window), or with Hoeffding set
// Theorem 3.1's own ε_cut = √((1/(2m))·ln(4/δ')). Theorem 3.1's guarantee
// (false positives), proven for the Hoeffding form: while the mean is
// constant over W, the probability that a step cuts is at most δ; with
// δ' = δ/n the union over the at most n cut points is covered (ADWIN2
// checks fewer, O(M log n), so δ/n is conservative). After a cut the oldest bucket is dropped and the test
// repeats. The detector alarms when a cut finds the newer mean higher
// (one-sided), at step t > BurnIn.
//
// Each step costs O(M·log n) time; the histogram holds at most
// M·(log₂(n) + 1) buckets. Build one with [NewADWIN].
type ADWIN struct {
	// Delta is the confidence δ ∈ (0, 1) of Theorem 3.1: the bound on the
	// probability of a false cut per step. Default 0.002 (MOA and River's
	// default, used in the paper's follow-up experiments).
	Delta float64
	// M is the number of buckets of each size kept before two are merged
	// (ADWIN2's M, §4), ≥ 2. Default 5 (the paper's experiments).
	M int
	// BurnIn is the number of steps without alarms at the start (the
	// window still cuts). Default 30.
	BurnIn int
	// MinLen is the smallest n0 and n1 a cut is tested at, ≥ 1. Default 5.
	MinLen int
	// Hoeffding selects Theorem 3.1's ε_cut = √((1/(2m))·ln(4/δ')), for
	// which the false-positive bound is proven, instead of the
	// variance-aware one (the zero value, the paper's choice in practice).
	Hoeffding bool

	rows  [][]bucket // rows[i]: buckets of 2^i values, oldest first
	n     int        // |W|
	sum   float64    // Σ W
	m2    float64    // Σ (w − mean)² over W
	t     int        // values seen
	cuts  int        // cuts so far
	alarm int        // alarms so far
}

// bucket summarises 2^i consecutive values: their sum and the sum of
// squared deviations from their mean.
type bucket struct {
	n       int
	sum, m2 float64
}

// DefaultADWIN returns δ = 0.002, M = 5, a burn-in of 30 and MinLen 5.
func DefaultADWIN() *ADWIN { return &ADWIN{Delta: 0.002, M: 5, BurnIn: 30, MinLen: 5} }

// NewADWIN returns a copy of the settings a, checked: δ outside (0, 1), M
// < 2, a negative BurnIn or MinLen < 1 are errors.
func NewADWIN(a ADWIN) (*ADWIN, error) {
	if !(a.Delta > 0 && a.Delta < 1) {
		return nil, fmt.Errorf("drift: ADWIN δ = %v, want in (0, 1)", a.Delta)
	}
	if a.M < 2 || a.BurnIn < 0 || a.MinLen < 1 {
		return nil, fmt.Errorf("drift: ADWIN M = %d (≥ 2), BurnIn = %d (≥ 0), MinLen = %d (≥ 1)", a.M, a.BurnIn, a.MinLen)
	}
	d := &ADWIN{Delta: a.Delta, M: a.M, BurnIn: a.BurnIn, MinLen: a.MinLen, Hoeffding: a.Hoeffding}
	return d, nil
}

// Width returns |W|, the number of values in the window.
func (a *ADWIN) Width() int { return a.n }

// Mean returns the mean of the window (0 when empty).
func (a *ADWIN) Mean() float64 {
	if a.n == 0 {
		return 0
	}
	return a.sum / float64(a.n)
}

// Alarms returns the number of alarms so far; Cuts the number of cuts
// (either direction).
func (a *ADWIN) Alarms() int { return a.alarm }

// Cuts returns the number of window cuts so far (rises and falls).
func (a *ADWIN) Cuts() int { return a.cuts }

// Reset empties the window and the counters.
func (a *ADWIN) Reset() {
	a.rows, a.n, a.sum, a.m2, a.t, a.cuts, a.alarm = a.rows[:0], 0, 0, 0, 0, 0, 0
}

// Add appends x ∈ [0, 1] to the window, cuts it while the test finds a
// change, and reports an alarm: a cut with a higher newer mean, after the
// burn-in. x outside [0, 1] or NaN panics (the error stream is 0/1).
func (a *ADWIN) Add(x float64) (alarm bool) {
	if !(x >= 0 && x <= 1) {
		panic(fmt.Sprintf("drift: ADWIN.Add(%v), want a value in [0, 1]", x))
	}
	a.t++
	a.insert(x)
	for {
		rise, cut := a.test()
		if !cut {
			break
		}
		a.dropOldest()
		a.cuts++
		if rise && a.t > a.BurnIn {
			alarm = true
		}
	}
	if alarm {
		a.alarm++
	}
	return alarm
}

// insert adds x as a bucket of one value and merges overfull rows.
func (a *ADWIN) insert(x float64) {
	if a.n > 0 {
		mean := a.sum / float64(a.n)
		a.m2 += float64(a.n) / float64(a.n+1) * (x - mean) * (x - mean)
	}
	a.n++
	a.sum += x
	if len(a.rows) == 0 {
		a.rows = append(a.rows, nil)
	}
	a.rows[0] = append(a.rows[0], bucket{n: 1, sum: x})
	for i := 0; i < len(a.rows); i++ {
		if len(a.rows[i]) <= a.M {
			break
		}
		b := merge(a.rows[i][0], a.rows[i][1])
		a.rows[i] = append(a.rows[i][:0], a.rows[i][2:]...)
		if i+1 == len(a.rows) {
			a.rows = append(a.rows, nil)
		}
		a.rows[i+1] = append(a.rows[i+1], b)
	}
}

// merge combines two buckets (Chan et al.'s pairwise variance update).
func merge(p, q bucket) bucket {
	n := p.n + q.n
	d := q.sum/float64(q.n) - p.sum/float64(p.n)
	return bucket{n: n, sum: p.sum + q.sum, m2: p.m2 + q.m2 + d*d*float64(p.n)*float64(q.n)/float64(n)}
}

// dropOldest removes the oldest bucket from the window.
func (a *ADWIN) dropOldest() {
	top := len(a.rows) - 1
	b := a.rows[top][0]
	a.rows[top] = a.rows[top][1:]
	if len(a.rows[top]) == 0 {
		a.rows = a.rows[:top]
	}
	// Remove b's values from the window's statistics.
	n := a.n - b.n
	if n == 0 {
		a.n, a.sum, a.m2 = 0, 0, 0
		return
	}
	rest := a.sum - b.sum
	d := b.sum/float64(b.n) - rest/float64(n)
	a.m2 = max(0, a.m2-b.m2-d*d*float64(b.n)*float64(n)/float64(a.n))
	a.n, a.sum = n, rest
}

// test checks every bucket boundary, oldest first, and reports the first
// cut found and whether the newer sub-window's mean is the higher.
func (a *ADWIN) test() (rise, cut bool) {
	if a.n < 2*a.MinLen {
		return false, false
	}
	variance := a.m2 / float64(a.n)
	lnd := math.Log(2 * float64(a.n) / a.Delta) // ln(2/δ'), δ' = δ/n
	n0, s0 := 0, 0.0
	for i := len(a.rows) - 1; i >= 0; i-- {
		for _, b := range a.rows[i] {
			n0 += b.n
			s0 += b.sum
			n1 := a.n - n0
			if n1 < a.MinLen {
				return false, false
			}
			if n0 < a.MinLen {
				continue
			}
			mu0, mu1 := s0/float64(n0), (a.sum-s0)/float64(n1)
			m := 1 / (1/float64(n0) + 1/float64(n1))
			eps := math.Sqrt(2/m*variance*lnd) + 2/(3*m)*lnd
			if a.Hoeffding {
				eps = math.Sqrt(1 / (2 * m) * (lnd + math.Ln2)) // ln(4/δ') = ln(2/δ') + ln 2
			}
			if math.Abs(mu0-mu1) > eps {
				return mu1 > mu0, true
			}
		}
	}
	return false, false
}

// PageHinkley is the Page–Hinkley test (Page 1954, the cumulative sum
// scheme; the form with a forgetting factor of Gama et al. and River) for
// an increase of the mean of x_t:
//
//	x̄_t = x̄_{t−1} + (x_t − x̄_{t−1})/t,
//	m_t = α·m_{t−1} + (x_t − x̄_t − δ),   M_t = min_{s≤t} m_s,
//	alarm when m_t − M_t > λ (and t > BurnIn); then the test restarts.
//
// One-sided: only rises of the mean move m_t above its running minimum.
type PageHinkley struct {
	// Delta is δ ≥ 0, the magnitude of change tolerated (subtracted from
	// every deviation). Default 0.005 (River's).
	Delta float64
	// Lambda is the threshold λ > 0 on m_t − M_t. Default 50 (River's).
	Lambda float64
	// Alpha is the forgetting factor α ∈ (0, 1] of m_t. Default 1 − 10⁻⁴
	// (River's).
	Alpha float64
	// BurnIn is the number of steps (since the start or the last alarm)
	// without alarms. Default 30 (River's min_instances).
	BurnIn int

	t         int
	mean, m   float64
	minM      float64
	alarms, n int
}

// DefaultPageHinkley returns δ = 0.005, λ = 50, α = 1 − 10⁻⁴, burn-in 30.
func DefaultPageHinkley() *PageHinkley {
	return &PageHinkley{Delta: 0.005, Lambda: 50, Alpha: 1 - 1e-4, BurnIn: 30}
}

// NewPageHinkley returns a copy of the settings p, checked: a negative or
// non-finite δ, λ ≤ 0, α outside (0, 1] or a negative BurnIn are errors.
func NewPageHinkley(p PageHinkley) (*PageHinkley, error) {
	if !(p.Delta >= 0) || math.IsInf(p.Delta, 0) || !(p.Lambda > 0) || math.IsInf(p.Lambda, 0) ||
		!(p.Alpha > 0 && p.Alpha <= 1) || p.BurnIn < 0 {
		return nil, fmt.Errorf("drift: Page–Hinkley δ = %v (≥ 0), λ = %v (> 0), α = %v (in (0, 1]), BurnIn = %d (≥ 0)",
			p.Delta, p.Lambda, p.Alpha, p.BurnIn)
	}
	return &PageHinkley{Delta: p.Delta, Lambda: p.Lambda, Alpha: p.Alpha, BurnIn: p.BurnIn}, nil
}

// Alarms returns the number of alarms so far.
func (p *PageHinkley) Alarms() int { return p.alarms }

// Statistic returns m_t − M_t, the quantity compared with λ.
func (p *PageHinkley) Statistic() float64 { return p.m - p.minM }

// Reset restarts the test and clears the alarm count.
func (p *PageHinkley) Reset() {
	p.restart()
	p.alarms = 0
}

func (p *PageHinkley) restart() { p.t, p.mean, p.m, p.minM = 0, 0, 0, 0 }

// Add feeds x ∈ [0, 1] and reports an alarm (after which the test
// restarts). x outside [0, 1] or NaN panics.
func (p *PageHinkley) Add(x float64) (alarm bool) {
	if !(x >= 0 && x <= 1) {
		panic(fmt.Sprintf("drift: PageHinkley.Add(%v), want a value in [0, 1]", x))
	}
	p.t++
	p.mean += (x - p.mean) / float64(p.t)
	p.m = p.Alpha*p.m + (x - p.mean - p.Delta)
	p.minM = min(p.minM, p.m)
	if p.t > p.BurnIn && p.m-p.minM > p.Lambda {
		p.alarms++
		p.restart()
		return true
	}
	return false
}
