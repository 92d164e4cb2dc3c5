package learn

import (
	"kernelplay/core/loss"

	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/kernel"
)

// KernelDCDConfig configures [KernelDCD], dual coordinate descent with a
// kernel for small sets (lecture "Dual problem": Q_nm = y_n y_m k(x_n, x_m)).
type KernelDCDConfig struct {
	// Kernel is the input kernel k. Nil means kernel.Gaussian{} (its default
	// width). Kernels with a Validate method are validated.
	Kernel kernel.Kernel
	// Loss is loss.Hinge{} (L1) or loss.SquaredHinge{} (L2). Nil means
	// loss.Hinge{}.
	Loss loss.Loss
	// Lambda is λ > 0 of F(f) = λ/2‖f‖²_H + (1/N)Σ l(y_n f(x_n)); C = 1/(λN).
	// Zero means λ = 1/N (C = 1).
	Lambda float64
	// Tolerance is the projected-gradient tolerance ε (as [DCDConfig]). Zero
	// means 0.1.
	Tolerance float64
	// MaxEpochs bounds the epochs. Zero means 1000.
	MaxEpochs int
	// Bias, when positive, adds B² to the kernel, k̃ = k + B², the kernel of
	// LIBLINEAR's -B feature: f(x) = Σ α_n y_n k(x_n, x) + b with b = B²·Σ
	// α_n y_n (regularized). Zero means no bias.
	Bias float64
	// MaxN bounds the training-set size, since Q (N×N) is stored. Zero means
	// 4096 (128 MiB).
	MaxN int
	// Seed seeds the permutation of every epoch.
	Seed uint64
}

// KernelDCD is dual coordinate descent for kernel SVMs (Hsieh et al. 2008 §5
// notes it for the non-linear case; lecture "Dual problem"): the same clipped
// coordinate update as [DCD], with the gradient G = Q̄α − 1 kept for all
// coordinates, so each update costs O(N) (one column of Q) and an epoch
// O(N²). Q is computed once (O(N²d)) and stored. No shrinking. Build one with
// [NewKernelDCD]; train with [KernelDCD.Fit].
type KernelDCD struct {
	s KernelDCDConfig
}

// KernelDCDModel is the result of [KernelDCD.Fit]: the decision function
// f(x) = Σ_n Coef[n]·k̃(X_n, x), with Coef[n] = α_n y_n.
type KernelDCDModel struct {
	// Kernel is the input kernel k; Bias the constant B of k̃ = k + B².
	Kernel kernel.Kernel
	Bias   float64
	// X holds the training inputs, row-major N×d (a copy).
	X []float64
	// Dim is d.
	Dim int
	// Alpha is the dual solution, Coef[n] = Alpha[n]·y_n.
	Alpha, Coef []float64
	// Primal is F(f) = λ/2‖f‖²_H + (1/N)Σ l(y_n f(x_n)), ‖f‖²_H = αᵀQα; Dual
	// the dual in the same scale (as [DCDResult]).
	Primal, Dual float64
	// Epochs run; Converged reports max PG − min PG ≤ ε.
	Epochs    int
	Converged bool
	norms     []float64
}

// Scores writes f(x) into dst[0] (O(N·d)). Wrong lengths panic.
func (m *KernelDCDModel) Scores(dst, x []float64) []float64 {
	if len(x) != m.Dim || len(dst) != 1 {
		panic(fmt.Sprintf("learn: KernelDCDModel.Scores: len(x) = %d, len(dst) = %d, want %d and 1", len(x), len(dst), m.Dim))
	}
	xx := floats.Dot(x, x)
	var s float64
	for n, c := range m.Coef {
		if c != 0 {
			z := m.X[n*m.Dim : (n+1)*m.Dim]
			s += c * (m.Kernel.FromDot(floats.Dot(x, z), xx, m.norms[n]) + m.Bias*m.Bias)
		}
	}
	dst[0] = s
	return dst
}

// NewKernelDCD checks s and returns a solver. Errors: an invalid kernel, a
// loss other than the hinge and squared hinge, a negative or non-finite
// Lambda, Tolerance or Bias, negative MaxEpochs or MaxN.
func NewKernelDCD(s KernelDCDConfig) (*KernelDCD, error) {
	if s.Kernel == nil {
		s.Kernel = kernel.Gaussian{}
	}
	if err := checkKernel("KernelDCD", s.Kernel); err != nil {
		return nil, err
	}
	// Reuse DCD's checks of the shared settings.
	lin, err := NewDCD(DCDConfig{Loss: s.Loss, Lambda: s.Lambda, Tolerance: s.Tolerance, MaxEpochs: s.MaxEpochs, Bias: s.Bias})
	if err != nil {
		return nil, fmt.Errorf("learn: KernelDCD: %w", err)
	}
	ls := lin.Config()
	s.Loss, s.Tolerance, s.MaxEpochs = ls.Loss, ls.Tolerance, ls.MaxEpochs
	if s.MaxN < 0 {
		return nil, fmt.Errorf("learn: KernelDCD: MaxN = %d < 0", s.MaxN)
	}
	if s.MaxN == 0 {
		s.MaxN = 4096
	}
	return &KernelDCD{s: s}, nil
}

// Config returns the settings in force, defaults filled in.
func (c *KernelDCD) Config() KernelDCDConfig { return c.s }

// checkData returns an error for an empty or too large set (MaxN), a label
// other than ±1 or a non-finite entry of X.
func (c *KernelDCD) checkData(X Matrix, y []float64) error {
	switch n, _ := X.Dims(); {
	case n == 0:
		return fmt.Errorf("learn: KernelDCD.Fit: empty training set")
	case n > c.s.MaxN:
		return fmt.Errorf("learn: KernelDCD.Fit: %d examples, more than MaxN = %d", n, c.s.MaxN)
	}
	if err := checkBinaryLabels("KernelDCD.Fit", y); err != nil {
		return err
	}
	return checkFiniteMatrix("KernelDCD.Fit", X)
}

// Fit solves the kernel SVM dual on (X, y) from α = 0. X is N×d and y has
// length N (other lengths panic); labels other than ±1, non-finite inputs,
// N = 0, N > MaxN, and a zero diagonal Q̄_nn (L1 loss) are returned errors.
func (c *KernelDCD) Fit(X RowMatrix, y []float64) (*KernelDCDModel, error) {
	n, d := X.Dims()
	if len(y) != n {
		panic(fmt.Sprintf("learn: KernelDCD.Fit: %d labels for %d rows", len(y), n))
	}
	if err := c.checkData(X, y); err != nil {
		return nil, err
	}
	m := &KernelDCDModel{Kernel: c.s.Kernel, Bias: c.s.Bias, X: make([]float64, n*d), Dim: d,
		Alpha: make([]float64, n), Coef: make([]float64, n), norms: make([]float64, n)}
	for i := 0; i < n; i++ {
		copy(m.X[i*d:(i+1)*d], X.RawRowView(i))
		m.norms[i] = floats.Dot(X.RawRowView(i), X.RawRowView(i))
	}
	// Q_ij = y_i y_j k̃(x_i, x_j), row-major.
	q := make([]float64, n*n)
	b2 := c.s.Bias * c.s.Bias
	for i := 0; i < n; i++ {
		row := q[i*n : (i+1)*n]
		kernel.Row(c.s.Kernel, row, m.X[i*d:(i+1)*d], m.norms[i], m.X, m.norms)
		for j := range row {
			row[j] = y[i] * y[j] * (row[j] + b2)
		}
	}
	lambda, upper, diag := dcdBox(c.s.Loss, c.s.Lambda, n)
	alpha := m.Alpha
	qa := make([]float64, n) // (Qα)_i, without D
	index := make([]int, n)
	for i := range index {
		index[i] = i
		if q[i*n+i]+diag <= 0 {
			return nil, fmt.Errorf("learn: KernelDCD.Fit: Q̄_%d%d = 0 (a zero input with a kernel that vanishes there)", i, i)
		}
	}
	rng := rand.New(rand.NewPCG(c.s.Seed, 0x6b646364))
	for m.Epochs < c.s.MaxEpochs {
		pgMax, pgMin := math.Inf(-1), math.Inf(1)
		rng.Shuffle(n, func(i, j int) { index[i], index[j] = index[j], index[i] })
		for _, i := range index {
			g := qa[i] - 1 + diag*alpha[i]
			pg := g
			if alpha[i] == 0 && g > 0 || alpha[i] == upper && g < 0 {
				pg = 0
			}
			if pg > pgMax {
				pgMax = pg
			}
			if pg < pgMin {
				pgMin = pg
			}
			if pg > 1e-12 || pg < -1e-12 {
				old := alpha[i]
				a := old - g/(q[i*n+i]+diag)
				if a < 0 {
					a = 0
				} else if a > upper {
					a = upper
				}
				alpha[i] = a
				floats.AddScaled(qa, a-old, q[i*n:(i+1)*n]) // Q symmetric: column i = row i
			}
		}
		m.Epochs++
		if pgMax-pgMin <= c.s.Tolerance {
			m.Converged = true
			break
		}
	}
	if !allFinite(qa) {
		return nil, fmt.Errorf("learn: KernelDCD.Fit: diverged (non-finite gradient)")
	}
	// ‖f‖² = αᵀQα; y_i f(x_i) = (Qα)_i.
	ff := floats.Dot(alpha, qa)
	var ls, as, a2 float64
	ml := &marginLoss{l: c.s.Loss}
	for i := 0; i < n; i++ {
		v, _ := ml.eval(qa[i])
		ls += v
		as += alpha[i]
		a2 += alpha[i] * alpha[i]
		m.Coef[i] = alpha[i] * y[i]
	}
	m.Primal = 0.5*lambda*ff + ls/float64(n)
	m.Dual = lambda * (as - 0.5*ff - 0.5*diag*a2)
	return m, nil
}
