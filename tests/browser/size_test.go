//go:build !js

package browser

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/security"
	"github.com/chromedp/chromedp"
)

// sizeBudget is main.wasm's budget (issue 24): the bytes of its zopfli gzip,
// main.wasm.gz, built as `make wasm` builds it and as serve.go serves it to
// a browser that accepts gzip — the 1.2 MB the page held before it grew to
// 1,673,074 bytes (November 2026). A feature that cannot fit says so in its
// note, with the figures, and asks for more.
const sizeBudget = 1_200_000

// sizeCeiling is the interim limit while main.wasm is still over
// [sizeBudget]: the 1,604,323 bytes of the build without encoding/json,
// net/url, strings.Replacer and reflect.DeepEqual, plus 6 KB (November
// 2026). Where the bytes went since the previous ceiling (1,703,826 +
// 6 KB): the model and run files' JSON written and read by core/jsonfile
// instead of encoding/json, −54 KB, and −6 KB more as a package of its own;
// ?intro read without net/url (which linked net/netip and unique), −24 KB;
// the inspector's escaping without a strings.Replacer, −9 KB; == instead of
// reflect.DeepEqual and reflect.Value.Equal, −5 KB. The round before, the
// strict run-file reader of issue "Files, links and learners" had added
// 24 KB and ui/comp's generic component 5 KB. The test fails above the
// ceiling, so nothing grows the page unnoticed, and logs how far the build
// is from the budget; each cut of issue "Lighter and quicker to open"
// lowers it, until it is the budget.
//
// Raised once since, to 1,629,030 bytes + 6 KB, by the features merged
// beside those cuts (that round's merged main, measured with make wasm):
// taught drawings in the link and the digits run, about +5.6 KB; the
// views' props (one Dispatch, one Snapshot, role interfaces, keyed
// controls), +5.6 KB; the embedding API's glue, about +5 KB; one frame
// loop and the second Plot, +2.8 KB. Then issue 23's predict-then-reveal,
// lesson player and quiz in the embed API: +35,451 (1,629,816 →
// 1,665,267, make wasm-size).
//
// Lowered to 1,575,948 bytes + 6 KB (rounded up), the size branch's build
// of issue 24's second round merged with main (issue 23 in), from
// 1,665,267 (−89,319). The size branch's cuts, measured on the build
// before that merge (1,629,816 → 1,540,426, −89,390): the inspector's
// formulas as template strings instead of a writer call per symbol
// (ui/inspect), −20,691; ten types that nothing compares made not
// comparable (no equality functions), −4,023; the runtime, core/learn,
// gonum and core/expansion no longer inlined, −64,676 (the Makefile's
// WASMGC gives each package's size and measured frame cost). The page is
// still about 376 KB over the budget: what is left, package by package,
// is in the note of issue 24.
//
// Then this round's features, each measured with make wasm-size on the
// branch that added it: issue 22's drawing pad (x/image/vector, the pad
// view, Ask/Teach) +51,417 merged; issue 21's regret chart (core/regret
// and core/drift in the page, the chart, the g* boundary, the settings)
// +45,688, and its captions, perceptron/Pegasos/truncation lines and
// hover text +6,972; issue 22's confusion-cell view (kernel rows kept in
// the update records, newest 4 examples per cell) +22,838; the teaching
// cards made one view, −2,431. Merged main: 1,698,059 bytes (raw
// 7,209,465, brotli 1,298,248), ceiling that + 6 KB (rounded). The round
// added +157 KB of features and cut −89 KB; the note of issue 24 asks for
// the budget and lists what is left.
//
// Then issue 21's last round, each measured with make wasm-size on its
// branch: the regret in the digits view's binary runs +8,733; NORMA as in
// Theorem 1 (the constrained comparator g*_B, sch=thm1 with B and m, its
// caption) +4,868; the detections as buttons in the read-outs and the
// spare chart panels +3,584. Merged main: 1,716,049 bytes (raw 7,281,394,
// brotli 1,311,020); the ceiling is that + 2 KB (rounded).
//
// Then issue 24's steady frames (+9,364) and start-up reveal (+3,387), to
// 1,730,641. Lowered to 1,630,000 (the build measured 1,628,340) by
// wasmsize -pack dropping the file and line tables: −102,257 (function
// names kept; `make where` maps an error report's frames to lines).
// Then the frame loop's wait for a regret comparison that fell behind
// (catchUpRegret: no step does the comparison's pending work at once, a
// 1.2–6 s task before) +2,008, to 1,630,015: the ceiling is 1,632,000.
const sizeCeiling = 1_632_000

// TestSizeBudget builds main.wasm as served (`make wasm` into a temporary
// directory: the same flags, the data-section packing, zopfli --i5 and
// brotli -q 11) and fails when its gzip is over [sizeCeiling] (the interim
// limit while it is over [sizeBudget]), printing what
// main.wasm is made of (`make wasm-breakdown`: code by package, the largest
// functions, the data section by region). It measures sizes, not times: the
// same tree gives the same bytes on any machine with the same Go and zopfli.
// It fails rather than measure another compressor when zopfli (or make, or
// brotli) is missing. The brotli size is logged with the others.
func TestSizeBudget(t *testing.T) {
	for _, tool := range []string{"make", "zopfli", "brotli"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (make %s installs it): the budget is main.wasm's zopfli gzip as `make wasm` writes it", tool, tool)
		}
	}
	dir := t.TempDir()
	if out, err := sizeMake("wasm", "WASMOUT="+dir); err != nil {
		t.Fatalf("make wasm WASMOUT=%s: %v\n%s", dir, err, out)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	gz, err := os.ReadFile(filepath.Join(dir, "main.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	br, err := os.Stat(filepath.Join(dir, "main.wasm.br"))
	if err != nil {
		t.Fatal(err)
	}
	// The gzip measured is the gzip of this main.wasm.
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatalf("main.wasm.gz: %v", err)
	}
	if in, err := io.ReadAll(zr); err != nil || !bytes.Equal(in, raw) {
		t.Fatalf("main.wasm.gz does not inflate to main.wasm (%d of %d bytes, %v)", len(in), len(raw), err)
	}
	t.Logf("measure (%s): main.wasm %d bytes raw, %d zopfli gzip (budget %d: %+d), %d brotli -q 11 (%.1f%% of the gzip)",
		load(), len(raw), len(gz), sizeBudget, len(gz)-sizeBudget, br.Size(), 100*float64(br.Size())/float64(len(gz)))
	if len(gz) > sizeBudget {
		t.Logf("main.wasm.gz is %d bytes, %d (%.1f%%) over its budget of %d; the interim ceiling is %d",
			len(gz), len(gz)-sizeBudget, 100*float64(len(gz)-sizeBudget)/sizeBudget, sizeBudget, sizeCeiling)
	}
	if len(gz) > sizeCeiling {
		out, err := sizeMake("wasm-breakdown", "TOP=30", "FUNCS=20")
		if err != nil {
			out += "\n(make wasm-breakdown: " + err.Error() + ")"
		}
		t.Errorf("main.wasm.gz is %d bytes, over the interim ceiling of %d (the budget is %d): cut before adding (what it is made of, `make wasm-breakdown TOP=30 FUNCS=20`):\n%s",
			len(gz), sizeCeiling, sizeBudget, out)
	}
}

// sizeMake runs make with args in the module's root and returns what it
// printed. The make that may be running this test (make test) does not pass
// its job server or flags down.
func sizeMake(args ...string) (string, error) {
	cmd := exec.Command("make", append([]string{"-s", "--no-print-directory"}, args...)...)
	for _, e := range os.Environ() {
		if k, _, _ := strings.Cut(e, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" && k != "MAKEOVERRIDES" {
			cmd.Env = append(cmd.Env, e)
		}
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestBrowserSizeEncodings: the loading view counts main.wasm's bytes right
// whichever copy the server sends — brotli over HTTPS and HTTP/2 as a
// static host serves it, gzip to a browser that does not ask for br, the raw
// file to a client that accepts no coding — and the page starts from each. Every load is a first visit over a network
// throttled to 10 Mbps / 40 ms ([loadingOnce]: the view must show a byte
// count, and count main.wasm's decoded size against the total the server
// sent); the bytes that crossed the network (the resource's
// encodedBodySize) are the size of the copy wanted.
func TestBrowserSizeEncodings(t *testing.T) {
	files := map[string]int64{}
	for _, f := range []string{"main.wasm", "main.wasm.gz", "main.wasm.br"} {
		st, err := os.Stat(filepath.Join("static", f))
		need(t, err == nil, "static/"+f+" is missing (run `make wasm`)")
		files[f] = st.Size()
	}
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, security.SetIgnoreCertificateErrors, security.SetIgnoreCertificateErrorsParams{Ignore: true}); err != nil {
		t.Fatal(err)
	}
	static := staticHandler(t)
	// Chromium asks for "gzip, deflate, br, zstd" from a secure context
	// and from localhost: the gzip and raw servers rewrite what it asks
	// for main.wasm to what a browser without brotli asks (before Chrome
	// 50, Safari before 11; any browser over plain HTTP from another
	// host), and to nothing (a client or proxy that accepts no coding).
	var asked sync.Map // server → the Accept-Encoding main.wasm was asked with
	record := func(name string, accept []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/main.wasm" {
				if accept != nil {
					r.Header["Accept-Encoding"] = accept
				}
				asked.Store(name, r.Header.Get("Accept-Encoding"))
			}
			static.ServeHTTP(w, r)
		})
	}
	tls := httptest.NewUnstartedServer(record("br", nil))
	tls.Config.ErrorLog = log.New(io.Discard, "", 0) // the browser's probes before it ignores the test certificate
	tls.EnableHTTP2 = true
	tls.StartTLS()
	defer tls.Close()
	plain := httptest.NewServer(record("gzip", []string{"gzip, deflate"}))
	defer plain.Close()
	raw := httptest.NewServer(record("raw", []string{}))
	defer raw.Close()

	for _, c := range []struct {
		name, url, file string
	}{
		{"br", tls.URL, "main.wasm.br"},
		{"gzip", plain.URL, "main.wasm.gz"},
		{"raw", raw.URL, "main.wasm"},
	} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				b, err := loadingOnce(t, ctx, c.url, false)
				if err != nil {
					return err
				}
				sizes, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
				  const e = performance.getEntriesByType("resource").find(e => e.name.endsWith("/main.wasm"));
				  return e ? [e.encodedBodySize, e.decodedBodySize] : [0, 0]; })()`))
				if err != nil {
					return err
				}
				screenshot(t, ctx, "size-encodings-"+c.name+".png") // the page, started from this copy
				ae, _ := asked.Load(c.name)
				t.Logf("measure (%s): %s: Accept-Encoding %q; %.0f bytes over the network, %.0f decoded; the loading view counted %.0f of %.0f; its first byte count at %.0f ms, compiled at %.0f ms",
					load(), c.name, ae, sizes[0], sizes[1], b.Bytes, b.Total, b.ProgressMS, b.CompiledMS)
				if b.Total != float64(files["main.wasm"]) || b.Bytes != b.Total {
					return fmt.Errorf("the loading view counted %.0f of %.0f bytes, want %d of %d", b.Bytes, b.Total, files["main.wasm"], files["main.wasm"])
				}
				if sizes[0] != float64(files[c.file]) || sizes[1] != float64(files["main.wasm"]) {
					return fmt.Errorf("main.wasm came as %.0f bytes (%.0f decoded), want %s's %d (%d decoded)",
						sizes[0], sizes[1], c.file, files[c.file], files["main.wasm"])
				}
				return nil
			})
		})
	}
}
