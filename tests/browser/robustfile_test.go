//go:build !js

package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// robustRunFile returns a run file of the paused default demo at t = 0
// whose model is the learner of model (a config of the same learner type),
// with edit applied to the model file's bytes.
func robustRunFile(t *testing.T, model state.Config, edit func([]byte) []byte) []byte {
	t.Helper()
	l, err := sim.Learner(model, 2)
	if err != nil {
		t.Fatal(err)
	}
	m, err := sim.MarshalLearner(l)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		m = edit(m)
	}
	link := state.Default()
	link.Playing = false
	b, err := json.Marshal(map[string]any{"format": "kernelplay-run", "version": 1, "link": state.Encode(link),
		"position": sim.Position{}, "model": json.RawMessage(m)})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBrowserRobustRunFile: Load model with issue 25's crafted run files,
// in the page at 1280×800: a model trained with the Laplacian kernel under
// a link that says Gaussian is refused naming the kernel (it loaded and ran
// the Laplacian under "Gaussian σ = 0.15"); a 1 MB learner name gives a
// short banner (it gave a 2 MB one); the 65 MB file of zeros is refused
// (it allocated 2 GB, likely the out-of-memory stop). Each time the page
// stays as it was and plays on.
func TestBrowserRobustRunFile(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	laplace := state.Default()
	laplace.Kernel = state.KernelLaplacian
	zeros := func(m []byte) []byte {
		var b bytes.Buffer
		b.Grow(65_000_100)
		i := bytes.Index(m, []byte(`"x":`))
		j := i + bytes.IndexAny(m[i:], ",}")
		b.Write(m[:i])
		b.WriteString(`"x":[`)
		for b.Len() < 65_000_000 {
			b.WriteString("0,")
		}
		b.WriteString("0]")
		b.Write(m[j:])
		return b.Bytes()
	}
	longName := func(m []byte) []byte {
		return bytes.Replace(m, []byte(`"learner":"svmd"`), []byte(`"learner":"`+strings.Repeat("m", 1<<20)+`"`), 1)
	}
	for _, c := range []struct {
		name, want string
		file       []byte
	}{
		{"KernelDisagrees", "the model's Kernel is {type:laplacian", robustRunFile(t, laplace, nil)},
		{"LongName", `mmm"…`, robustRunFile(t, state.Default(), longName)},
		{"HugeArray", "more numbers than any model the page saves", robustRunFile(t, state.Default(), zeros)},
	} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
					return err
				}
				if err := open(ctx, srv.URL, ""); err != nil {
					return err
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const p = document.getElementById("play");
					if (window.kernelplay.stats().playing) p.click(); return true; })()`)); err != nil {
					return err
				}
				before, err := readRun(ctx)
				if err != nil {
					return err
				}
				start := time.Now()
				if err := uploadBytes(ctx, t, "load-model-input", "run-model.json", c.file); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().message.includes("cannot be loaded")`, 60*time.Second); err != nil {
					st, _ := readStats(ctx)
					return fmt.Errorf("the message is %.300q: %w", st.Message, err)
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				t.Logf("%d-byte file refused in %v: %q", len(c.file), time.Since(start).Round(time.Millisecond), st.Message)
				if !strings.Contains(st.Message, c.want) || len(st.Message) > 400 || !strings.Contains(st.Message, "Nothing was changed") {
					return fmt.Errorf("a %d-character message without %q: %.300q", len(st.Message), c.want, st.Message)
				}
				screenshot(t, ctx, "robust-runfile-"+strings.ToLower(c.name)+".png")
				after, err := readRun(ctx)
				if err != nil {
					return err
				}
				if err := before.diff(after); err != nil {
					return fmt.Errorf("the page changed: %w", err)
				}
				// It plays on.
				if err := stepN(ctx, 1); err != nil {
					return err
				}
				return waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, before.T+10), 10*time.Second)
			})
		})
	}
}
