//go:build !wasm

package kernel

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// dots computes dst = rows·x with gonum's BLAS (assembly on amd64/arm64).
// len(rows) == len(dst)·len(x), both non-zero.
func dots(dst, x, rows []float64) {
	d := len(x)
	blas64.Gemv(blas.NoTrans, 1,
		blas64.General{Rows: len(dst), Cols: d, Stride: d, Data: rows},
		blas64.Vector{N: d, Inc: 1, Data: x},
		0, blas64.Vector{N: len(dst), Inc: 1, Data: dst})
}

// rowExp is the exponential of the Gaussian and Laplacian rows: natively
// math.Exp, which has assembly on amd64.
func rowExp(x float64) float64 { return math.Exp(x) }

// gaussMap maps inner products to Gaussian values in place (see
// gaussMapInline); natively with math.Exp.
func gaussMap(dst, norms []float64, xx, g float64) { gaussMapStd(dst, norms, xx, g) }
