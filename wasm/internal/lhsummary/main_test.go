package main

import (
	"encoding/json"
	"testing"
)

// TestMedian: the median of the reports that have the value (odd and even
// counts), and none when no report has it.
func TestMedian(t *testing.T) {
	var rs []report
	for _, js := range []string{
		`{"configSettings":{"formFactor":"mobile"},"categories":{"performance":{"score":0.5}},"audits":{"total-blocking-time":{"numericValue":790}}}`,
		`{"configSettings":{"formFactor":"mobile"},"categories":{"performance":{"score":0.9}},"audits":{"total-blocking-time":{"numericValue":100}}}`,
		`{"configSettings":{"formFactor":"mobile"},"categories":{"performance":{"score":0.6}},"audits":{}}`,
	} {
		var r report
		if err := json.Unmarshal([]byte(js), &r); err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	perf := func(r report) *float64 { return r.Categories["performance"].Score }
	tbt := func(r report) *float64 { return r.Audits["total-blocking-time"].NumericValue }
	seo := func(r report) *float64 { return r.Categories["seo"].Score }
	if m, ok := median(rs, perf); !ok || m != 0.6 {
		t.Errorf("performance median = %v, %v; want 0.6", m, ok)
	}
	if m, ok := median(rs, tbt); !ok || m != 445 { // (100 + 790) / 2: the third report has none
		t.Errorf("TBT median = %v, %v; want 445", m, ok)
	}
	if _, ok := median(rs, seo); ok {
		t.Error("seo: a median of no values")
	}
	if value("CLS", 0.0123) != "0.012" || value("LCP", 1234.4) != "1234 ms" {
		t.Errorf("value: %q, %q", value("CLS", 0.0123), value("LCP", 1234.4))
	}
}
