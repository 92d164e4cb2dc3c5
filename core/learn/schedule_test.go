package learn

import (
	"math"
	"strings"
	"testing"
)

func TestScheduleValues(t *testing.T) {
	cases := []struct {
		name string
		s    Schedule
		t    int
		want float64
	}{
		{"constant", Constant{Eta0: 0.25}, 7, 0.25},
		// JMLR (59) with η0 = 1, τ = 10: the first example uses η0.
		{"sqrt first", Sqrt{}, 1, 1},
		// t = 11 is the paper's t = 10: √(10/20).
		{"sqrt t=11", Sqrt{}, 11, math.Sqrt(0.5)},
		// η0 = 0.1, τ = 100, t = 301 (paper t = 300): 0.1·√(100/400) = 0.05.
		{"sqrt eta0 tau", Sqrt{Eta0: 0.1, Tau: 100}, 301, 0.05},
		// NORMA Theorem 2: 1/(3·0.5·√4) = 1/3.
		{"inv sqrt t", InvSqrtT{Lambda: 0.5}, 4, 1.0 / 3},
		{"inv sqrt t=1", InvSqrtT{Lambda: 1}, 1, 1.0 / 3},
	}
	for _, c := range cases {
		if got := c.s.Eta(c.t); math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%s: Eta(%d) = %v, want %v", c.name, c.t, got, c.want)
		}
		if err := validateSchedule(c.s); err != nil {
			t.Errorf("%s: unexpected error %v", c.name, err)
		}
	}
}

func TestScheduleMonotone(t *testing.T) {
	for _, s := range []Schedule{Sqrt{}, Sqrt{Eta0: 3, Tau: 0.5}, InvSqrtT{Lambda: 0.01}} {
		prev := math.Inf(1)
		for k := 1; k <= 10000; k++ {
			e := s.Eta(k)
			if !(e > 0 && e <= prev) {
				t.Fatalf("%v: Eta(%d) = %v after %v: not positive and non-increasing", s, k, e, prev)
			}
			prev = e
		}
	}
}

func TestScheduleValidate(t *testing.T) {
	bad := []Schedule{
		Constant{},
		Constant{Eta0: -1},
		Constant{Eta0: math.NaN()},
		Constant{Eta0: math.Inf(1)},
		Constant{Eta0: 1e300},
		Sqrt{Eta0: -0.1},
		Sqrt{Tau: -5},
		Sqrt{Tau: math.Inf(1)},
		Sqrt{Eta0: math.NaN()},
		InvSqrtT{},
		InvSqrtT{Lambda: -1},
		InvSqrtT{Lambda: 1e-300},
	}
	for _, s := range bad {
		err := validateSchedule(s)
		if err == nil {
			t.Errorf("%#v: no error", s)
			continue
		}
		if !strings.HasPrefix(err.Error(), "learn: ") {
			t.Errorf("%#v: error %q lacks the package prefix", s, err)
		}
	}
	if validateSchedule(nil) == nil {
		t.Error("nil schedule: no error")
	}
}

func TestScheduleTPanics(t *testing.T) {
	for _, s := range []Schedule{Constant{Eta0: 1}, Sqrt{}, InvSqrtT{Lambda: 1}} {
		func() {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.HasPrefix(msg, "learn: ") {
					t.Errorf("%v: Eta(0) recovered %v, want a learn: panic", s, r)
				}
			}()
			s.Eta(0)
		}()
	}
}
