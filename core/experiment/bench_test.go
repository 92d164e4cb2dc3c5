package experiment

import (
	"slices"
	"testing"
	"time"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// benchOmega is the buffer size ω of the throughput benchmarks, the largest
// of JMLR §6.3.
const benchOmega = 4096

// benchMargin is a margin so wide that every example is a margin error and
// adds a term: the buffer fills in ω steps and every measured step does the
// most work a step can do (kernel row, new term, eviction).
const benchMargin = 100

// BenchmarkMNIST4096 measures learning steps per second on MNIST-10k (784
// inputs in [0, 1], 10 classes, Gaussian σ = 7) with a full buffer of
// ω = 4096 terms, every step a margin error. The learner is warmed up until
// the buffer is full, outside the timer; the stream then cycles through the
// 10,000 digits. It reports the mean steps/s and median-steps/s, the
// inverse of the median step (robust to other processes on the machine).
//
//	go test -run XXX -bench MNIST4096 -benchtime 200x ./core/experiment
func BenchmarkMNIST4096(b *testing.B) {
	set := shippedSet(b, "mnist10k")
	k := kernel.Gaussian{Sigma: 7}
	for _, c := range []struct {
		name string
		new  func() (learn.Learner, error)
	}{
		{"SVMD", func() (learn.Learner, error) {
			return learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
				c.Kernel = k
				c.Classes = 10
				c.Margin0 = benchMargin
				c.BufferSize = benchOmega
			}), set.Dim)
		}},
		{"NORMA", func() (learn.Learner, error) {
			return learn.NewNORMA(with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 10), func(c *learn.NORMAConfig) {
				c.Kernel = k
				c.Lambda = 1e-4
				c.Margin0 = benchMargin
				c.BufferSize = benchOmega
				c.Schedule = learn.Sqrt{Eta0: 0.1, Tau: 100}
			}), set.Dim)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			l, err := c.new()
			if err != nil {
				b.Fatal(err)
			}
			q := data.Multiclass(set, 1)
			next := func() data.Example {
				e, ok := q.Next()
				if !ok {
					q.Reset()
					e, _ = q.Next()
				}
				return e
			}
			for range benchOmega {
				e := next()
				l.Learn(e.X, e.Y)
			}
			e := next()
			if st := l.Learn(e.X, e.Y); st.BufferSize != benchOmega || st.Diverged {
				b.Fatalf("after warm-up: buffer %d of %d, diverged %v", st.BufferSize, benchOmega, st.Diverged)
			}
			// Per-step durations: the median discards the steps during which
			// this shared machine ran another process (steps/s is the mean).
			ts := make([]time.Duration, 0, b.N)
			n := 0
			for b.Loop() {
				e := next()
				t0 := time.Now()
				st := l.Learn(e.X, e.Y)
				ts = append(ts, time.Since(t0))
				if st.Diverged {
					b.Fatal("diverged")
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "steps/s")
			slices.Sort(ts)
			b.ReportMetric(1e9/float64(ts[len(ts)/2].Nanoseconds()), "median-steps/s")
		})
	}
}
