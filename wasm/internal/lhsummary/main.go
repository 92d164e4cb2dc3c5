// Command lhsummary prints the medians of Lighthouse reports (`make
// lighthouse`): for each form factor, the category scores and the load
// metrics of its runs, then every run's figures. It is a build tool; nothing
// imports it.
//
//	lhsummary report.json…
//
// Each report is Lighthouse's JSON (--output=json), the form factor read from
// its configSettings.formFactor. Scores are 0–1 as Lighthouse gives them;
// times are milliseconds; a category or metric missing from a report is
// left out of its median.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// report is the part of a Lighthouse JSON report read here.
type report struct {
	ConfigSettings struct {
		FormFactor string `json:"formFactor"`
	} `json:"configSettings"`
	Categories map[string]struct {
		Score *float64 `json:"score"`
	} `json:"categories"`
	Audits map[string]struct {
		NumericValue *float64 `json:"numericValue"`
		Score        *float64 `json:"score"`
	} `json:"audits"`
	RuntimeError *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"runtimeError"`
}

var (
	categories = []string{"performance", "accessibility", "best-practices", "seo"}
	metrics    = []struct{ audit, name string }{
		{"first-contentful-paint", "FCP"},
		{"largest-contentful-paint", "LCP"},
		{"total-blocking-time", "TBT"},
		{"speed-index", "SI"},
		{"interactive", "TTI"},
		{"cumulative-layout-shift", "CLS"},
	}
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: lhsummary report.json…")
		os.Exit(2)
	}
	byForm := map[string][]report{}
	var forms []string
	for _, p := range os.Args[1:] {
		b, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "lhsummary:", err)
			os.Exit(1)
		}
		var r report
		if err := json.Unmarshal(b, &r); err != nil {
			fmt.Fprintf(os.Stderr, "lhsummary: %s: %v\n", p, err)
			os.Exit(1)
		}
		if r.RuntimeError != nil && r.RuntimeError.Code != "" {
			fmt.Fprintf(os.Stderr, "lhsummary: %s: Lighthouse error %s: %s\n", p, r.RuntimeError.Code, r.RuntimeError.Message)
		}
		f := r.ConfigSettings.FormFactor
		if _, ok := byForm[f]; !ok {
			forms = append(forms, f)
		}
		byForm[f] = append(byForm[f], r)
	}
	for _, f := range forms {
		rs := byForm[f]
		var parts []string
		for _, c := range categories {
			if m, ok := median(rs, func(r report) *float64 { return r.Categories[c].Score }); ok {
				parts = append(parts, fmt.Sprintf("%s %.2f", c, m))
			}
		}
		for _, mt := range metrics {
			if m, ok := median(rs, func(r report) *float64 { return r.Audits[mt.audit].NumericValue }); ok {
				parts = append(parts, fmt.Sprintf("%s %s", mt.name, value(mt.name, m)))
			}
		}
		fmt.Printf("%s, median of %d runs: %s\n", f, len(rs), strings.Join(parts, ", "))
		for i, r := range rs {
			var p []string
			if s := r.Categories["performance"].Score; s != nil {
				p = append(p, fmt.Sprintf("performance %.2f", *s))
			}
			for _, mt := range metrics {
				if v := r.Audits[mt.audit].NumericValue; v != nil {
					p = append(p, mt.name+" "+value(mt.name, *v))
				}
			}
			fmt.Printf("  run %d: %s\n", i+1, strings.Join(p, ", "))
		}
	}
}

// value formats a metric: CLS unitless, the others in ms.
func value(name string, v float64) string {
	if name == "CLS" {
		return fmt.Sprintf("%.3f", v)
	}
	return fmt.Sprintf("%.0f ms", v)
}

// median is the median of get over the reports that have it.
func median(rs []report, get func(report) *float64) (float64, bool) {
	var v []float64
	for _, r := range rs {
		if p := get(r); p != nil {
			v = append(v, *p)
		}
	}
	if len(v) == 0 {
		return 0, false
	}
	slices.Sort(v)
	if n := len(v); n%2 == 0 {
		return (v[n/2-1] + v[n/2]) / 2, true
	}
	return v[len(v)/2], true
}
