//go:build !js

package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// The digits and compare views in headless Chromium (helpers in
// browser_test.go): the digits preset and two compare presets run; the
// gallery, the confusion matrices and the overlaid charts appear and change
// between two polls; screenshots go to testdata/screenshots/. Measured and
// logged, not asserted: steps per second on MNIST-10k at ω = 4096 while the
// page stays responsive (frames per second), and the data set's load time.

// canvasInfoJS returns, for a canvas id, the number of non-white pixels and
// a checksum of its pixels (to see it change).
const canvasInfoJS = `((id) => {
  const c = document.getElementById(id);
  if (!c || c.width === 0) return {ink: 0, sum: 0, colours: 0};
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let ink = 0, sum = 0; const seen = new Set();
  for (let i = 0; i < d.length; i += 4) {
    if (d[i+3] > 0 && (d[i] < 235 || d[i+1] < 235 || d[i+2] < 235)) ink++;
    sum = (sum * 31 + d[i] + 7 * d[i+1] + 13 * d[i+2] + d[i+3]) % 1000000007;
    seen.add(((d[i]>>4)<<8)|((d[i+1]>>4)<<4)|(d[i+2]>>4));
  }
  return {ink: ink, sum: sum, colours: seen.size};
})`

type canvasInfo struct {
	Ink     int     `json:"ink"`
	Sum     float64 `json:"sum"`
	Colours int     `json:"colours"`
}

func readCanvas(ctx context.Context, id string) (canvasInfo, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[canvasInfo](canvasInfoJS+`("`+id+`")`))
}

// digitsT reads the example counter of the progress line ("1,234 / 1,797").
func digitsT(ctx context.Context) (int, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[int](
		`(() => { const e = document.getElementById("digits-t"); return e ? parseInt(e.textContent.split("/")[0].replace(/[^0-9]/g, "")) || 0 : 0; })()`))
}

// checkMoving checks that the canvases have ink and change between two
// polls a second apart while t advances.
func checkMoving(ctx context.Context, t *testing.T, ids ...string) error {
	before := map[string]canvasInfo{}
	for _, id := range ids {
		c, err := readCanvas(ctx, id)
		if err != nil {
			return err
		}
		if c.Ink < 50 {
			return fmt.Errorf("canvas %s looks blank: %d inked pixels", id, c.Ink)
		}
		before[id] = c
	}
	t0, err := digitsT(ctx)
	if err != nil {
		return err
	}
	time.Sleep(1200 * time.Millisecond)
	t1, err := digitsT(ctx)
	if err != nil {
		return err
	}
	if t1 <= t0 {
		return fmt.Errorf("the run does not advance: t %d → %d", t0, t1)
	}
	for _, id := range ids {
		c, err := readCanvas(ctx, id)
		if err != nil {
			return err
		}
		if c.Sum == before[id].Sum {
			return fmt.Errorf("canvas %s did not change between t = %d and %d", id, t0, t1)
		}
		t.Logf("%s: %d inked pixels, %d colours, changed between t = %d and %d", id, c.Ink, c.Colours, t0, t1)
	}
	return nil
}

func TestBrowserDigits(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	// The page's console errors and uncaught exceptions go to the test log.
	logged := 0
	chromedp.Listen(ctx, func(ev any) {
		if logged >= 10 {
			return // the first messages say what went wrong
		}
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			logged++
			for _, a := range ev.Args {
				// The Go runtime prints panics with console.log.
				msg := string(a.Value) + a.Description
				if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning ||
					strings.Contains(msg, "panic") || strings.Contains(msg, "fatal") {
					t.Logf("console %s: %s", ev.Type, clipLog(msg))
				}
			}
		case *runtime.EventExceptionThrown:
			logged++
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			t.Logf("exception: %s", clipLog(msg))
		}
	})

	t.Run("DigitsPreset", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(state.DigitsDefault())); err != nil {
				return err
			}
			if err := waitFor(ctx, `document.getElementById("gallery-0") !== null`, 15*time.Second); err != nil {
				return fmt.Errorf("the digits view did not build its run: %w", err)
			}
			if err := waitFor(ctx, `parseInt((document.getElementById("digits-t")||{textContent:"0"}).textContent.replace(/,/g,"")) > 150`, 20*time.Second); err != nil {
				return err
			}
			if err := checkMoving(ctx, t, "digit-now", "gallery-0", "confusion-0", "digits-charts"); err != nil {
				return err
			}
			screenshot(t, ctx, "digits.png")
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			if st.Message != "" {
				return fmt.Errorf("the digits page shows a message: %q", st.Message)
			}
			// Choosing MNIST moves σ from the 8×8 digits' 2 to MNIST's 7.
			if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("f-ds"), state.DataMNIST)); err != nil {
				return err
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("f-ds").dispatchEvent(new Event("change", {bubbles: true}))`)); err != nil {
				return err
			}
			return waitFor(ctx, `location.hash.includes("ds=mnist") && location.hash.includes("&s=7&")`, 5*time.Second)
		})
	})

	// Compare presets: SVMD vs NORMA (two learners) and JMLR Fig. 4 (three);
	// the overlaid charts carry one colour per learner.
	compare := state.ComparePreset()
	fig4, _ := state.FigurePreset(state.FigureMulticlass)
	for _, c := range []struct {
		name     string
		cfg      state.Config
		learners int
	}{{"compare", compare, 2}, {"figure4", fig4, 3}} {
		t.Run("Compare_"+c.name, func(t *testing.T) {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, state.Encode(c.cfg)); err != nil {
					return err
				}
				last := fmt.Sprintf("confusion-%d", c.learners-1)
				if err := waitFor(ctx, `document.getElementById("`+last+`") !== null`, 15*time.Second); err != nil {
					return fmt.Errorf("the compare view has fewer than %d learners: %w", c.learners, err)
				}
				if err := waitFor(ctx, `parseInt((document.getElementById("digits-t")||{textContent:"0"}).textContent.replace(/,/g,"")) > 300`, 20*time.Second); err != nil {
					return err
				}
				ids := []string{"digits-charts"}
				for i := range c.learners {
					ids = append(ids, fmt.Sprintf("gallery-%d", i), fmt.Sprintf("confusion-%d", i))
				}
				if err := checkMoving(ctx, t, ids...); err != nil {
					return err
				}
				// One line colour per learner in the charts: Okabe–Ito blue,
				// orange, bluish green.
				n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
  const c = document.getElementById("digits-charts");
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const want = [[0,114,178],[230,159,0],[0,158,115]]; const hit = [0,0,0];
  for (let i = 0; i < d.length; i += 4)
    for (let k = 0; k < 3; k++)
      if (Math.abs(d[i]-want[k][0]) + Math.abs(d[i+1]-want[k][1]) + Math.abs(d[i+2]-want[k][2]) < 30) hit[k]++;
  return hit.filter(h => h > 40).length;
})()`))
				if err != nil {
					return err
				}
				if n < c.learners {
					return fmt.Errorf("the charts show %d learner colours, want %d overlaid", n, c.learners)
				}
				screenshot(t, ctx, "compare-"+c.name+".png")
				// At the end of the stream the run pauses; Play starts it again.
				if err := waitFor(ctx, `!window.kernelplay.stats().playing && document.getElementById("digits-t").textContent.startsWith("1797 / 1797")`, 20*time.Second); err != nil {
					return fmt.Errorf("the run did not pause at its end: %w", err)
				}
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
					return err
				}
				return waitFor(ctx, `window.kernelplay.stats().playing && !document.getElementById("digits-t").textContent.startsWith("1797 /")`, 10*time.Second)
			})
		})
	}

	// MNIST-10k at ω = 4096: loading with progress, then the steps per
	// second of SVMD while the page keeps drawing.
	t.Run("MNISTBuffer4096", func(t *testing.T) {
		cfg := state.DigitsDefault()
		cfg.Data, cfg.Sigma, cfg.BufferSize, cfg.StepsPerFrame = state.DataMNIST, 7, 4096, 1000
		within(t, ctx, 200*time.Second, func(ctx context.Context) error {
			start := time.Now()
			if err := open(ctx, srv.URL, state.Encode(cfg)); err != nil {
				return err
			}
			if err := waitFor(ctx, `document.getElementById("gallery-0") !== null`, 30*time.Second); err != nil {
				return fmt.Errorf("MNIST did not load: %w", err)
			}
			t.Logf("measure: MNIST-10k fetched and decoded %.2f s after navigation", time.Since(start).Seconds())
			// Let the buffer fill (ω = 4096 terms: SVMD stores every
			// example), then measure, ending before the pass does: at its end
			// the run pauses and draws no frames, which would count as a
			// slow page.
			if err := waitFor(ctx, `window.kernelplay.stats().playing && parseInt((document.getElementById("digits-t")||{textContent:"0"}).textContent.replace(/,/g,"")) > 4200`, 120*time.Second); err != nil {
				return err
			}
			st0, err := readStats(ctx)
			if err != nil {
				return err
			}
			t0, _ := digitsT(ctx)
			w0 := time.Now()
			for time.Since(w0) < measureSeconds*time.Second {
				if t, _ := digitsT(ctx); t > 9000 {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			t1, _ := digitsT(ctx)
			el := time.Since(w0).Seconds()
			st1, err := readStats(ctx)
			if err != nil {
				return err
			}
			fps := float64(st1.Frames-st0.Frames) / el
			t.Logf("measure: MNIST-10k, SVMD, ω = 4096, Gaussian σ = 7: %.0f steps/s in the browser (t %d → %d in %.1f s), %.0f frames/s while learning",
				float64(t1-t0)/el, t0, t1, el, fps)
			t.Logf("measure: drawing time by part (ms, moving averages): %v; learning %.2f ms per step", st1.Profile, st1.StepMS)
			screenshot(t, ctx, "digits-mnist-4096.png")
			if t1 <= t0 {
				return fmt.Errorf("the MNIST run does not advance")
			}
			if t1 >= 10000 {
				t.Logf("measure: the pass ended inside the window: the frames/s above count its pause")
			}
			if fps < 10 {
				return fmt.Errorf("the page froze: %.1f frames/s during the MNIST run", fps)
			}
			return nil
		})
	})

	// A user's files through the file picker: a malformed LIBSVM line is
	// reported with its line and column; a 2-D CSV becomes points of the 2D
	// plot; a 64-feature file runs in the digits view with thumbnails.
	t.Run("LoadYourOwnData", func(t *testing.T) {
		dir := t.TempDir()
		write := func(name, body string) string {
			p := filepath.Join(dir, name)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
		bad := write("bad.svm", "1 1:0.5 2:1\n-1 1:0.25 2:oops\n")
		twoD := write("two.csv", "x,y,label\n0.1,0.2,0\n0.8,0.9,1\n0.2,0.7,0\n0.9,0.1,1\n")
		var b strings.Builder
		for i := range 300 {
			fmt.Fprintf(&b, "%d", i%3)
			for j := 1; j <= 64; j++ {
				if (i+j)%5 == 0 {
					fmt.Fprintf(&b, " %d:%d", j, (i*j)%17)
				}
			}
			b.WriteString("\n")
		}
		sixtyFour := write("digits64.svm", b.String())
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(state.DigitsDefault())); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{bad})); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().message.includes("line 2, column")`, 10*time.Second); err != nil {
				return fmt.Errorf("no line and column for a malformed file: %w", err)
			}
			st, _ := readStats(ctx)
			t.Logf("malformed file: %q", st.Message)
			screenshot(t, ctx, "load-error.png")
			if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{sixtyFour})); err != nil {
				return err
			}
			if err := waitFor(ctx, `(document.getElementById("digits-t")||{textContent:""}).textContent.includes("/ 300")`, 10*time.Second); err != nil {
				return fmt.Errorf("a 64-feature file does not run in the digits view: %w", err)
			}
			if err := waitFor(ctx, `document.getElementById("gallery-0") !== null`, 10*time.Second); err != nil {
				return err
			}
			screenshot(t, ctx, "load-64.png")
			// Drag and drop: a 3-feature CSV dropped on the page runs in the digits view.
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
  let text = "";
  for (let i = 0; i < 120; i++) text += (i % 7) + "," + (i % 5) + "," + (i % 3) + "," + (i % 2) + "\n";
  const dt = new DataTransfer();
  dt.items.add(new File([text], "dropped.csv", {type: "text/csv"}));
  document.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true}));
  return document.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
})()`)); err != nil {
				return err
			}
			if err := waitFor(ctx, `(document.getElementById("digits-t")||{textContent:""}).textContent.includes("/ 120") && !document.body.classList.contains("dragging")`, 10*time.Second); err != nil {
				return fmt.Errorf("a dropped file does not run: %w", err)
			}
			if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{twoD})); err != nil {
				return err
			}
			if err := waitFor(ctx, `location.hash.includes("mode=2d") && location.hash.includes("pts=") && document.getElementById("plot") !== null`, 10*time.Second); err != nil {
				return fmt.Errorf("a 2-D file did not become points of the plot: %w", err)
			}
			return nil
		})
	})

	// A data set that cannot be downloaded: a clear message, and the app
	// keeps working (the 8×8 digits still run).
	t.Run("LoadFailure", func(t *testing.T) {
		broken := serverWithout(t, "mnist10k.kpd.gz")
		defer broken.Close()
		cfg := state.DigitsDefault()
		cfg.Data = state.DataMNIST
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, broken.URL, state.Encode(cfg)); err != nil {
				return err
			}
			if err := waitFor(ctx, `(document.getElementById("digits-status")||{textContent:""}).textContent.includes("404")`, 10*time.Second); err != nil {
				body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 600)`))
				screenshot(t, ctx, "load-failure.png")
				return fmt.Errorf("no message for a failed download: %w; the page says %q", err, body)
			}
			msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("digits-status").textContent`))
			t.Logf("failed download: %q", msg)
			screenshot(t, ctx, "load-failure.png")
			// Still usable: switch to the 8×8 digits, which run.
			if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("f-ds"), state.Data8x8)); err != nil {
				return err
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("f-ds").dispatchEvent(new Event("change", {bubbles: true}))`)); err != nil {
				return err
			}
			return waitFor(ctx, `parseInt((document.getElementById("digits-t")||{textContent:"0"}).textContent.replace(/,/g,"")) > 20`, 10*time.Second)
		})
	})

	// Every paper figure runs from its link (the MNIST ones included).
	t.Run("EveryFigure", func(t *testing.T) {
		for _, f := range state.Figures {
			cfg, _ := state.FigurePreset(f.Name)
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, state.Encode(cfg)); err != nil {
					return err
				}
				if err := waitFor(ctx, `parseInt((document.getElementById("digits-t")||{textContent:"0"}).textContent.replace(/,/g,"")) > 30`, 40*time.Second); err != nil {
					return fmt.Errorf("figure %s does not run: %w", f.Name, err)
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				if st.Message != "" {
					return fmt.Errorf("figure %s shows a message: %q", f.Name, st.Message)
				}
				n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("canvas.confusion").length`))
				t.Logf("figure %s: %d learners, running", f.Name, n)
				if f.Name == state.FigureSwitch || f.Name == state.FigureBuffer {
					time.Sleep(2 * time.Second)
					screenshot(t, ctx, "figure-"+f.Name+".png")
				}
				return nil
			})
		}
	})

	// A slow download shows its progress (bytes received of the total).
	t.Run("LoadProgress", func(t *testing.T) {
		static := staticHandler(t)
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "mnist10k.kpd.gz") {
				static.ServeHTTP(w, r)
				return
			}
			b, err := os.ReadFile(filepath.Join("static", "data", "mnist10k.kpd.gz"))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Length", fmt.Sprint(len(b)))
			const chunk = 64 << 10 // 64 KiB every 40 ms: about a second for MNIST
			for len(b) > 0 {
				n := min(chunk, len(b))
				if _, err := w.Write(b[:n]); err != nil {
					return
				}
				w.(http.Flusher).Flush()
				b = b[n:]
				time.Sleep(40 * time.Millisecond)
			}
		}))
		defer slow.Close()
		cfg := state.DigitsDefault()
		cfg.Data, cfg.Sigma = state.DataMNIST, 7
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, slow.URL, state.Encode(cfg)); err != nil {
				return err
			}
			if err := waitFor(ctx, `/Loading MNIST.* of .*%/.test((document.getElementById("digits-status")||{textContent:""}).textContent)`, 10*time.Second); err != nil {
				return fmt.Errorf("no progress while loading: %w", err)
			}
			msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("digits-status").textContent`))
			t.Logf("while loading: %q", msg)
			screenshot(t, ctx, "digits-loading.png")
			return waitFor(ctx, `document.getElementById("gallery-0") !== null`, 30*time.Second)
		})
	})

	// A link naming a user's file cannot carry it: the page says so and stays usable.
	t.Run("FileLinkExplains", func(t *testing.T) {
		cfg := state.DigitsDefault()
		cfg.Data = state.DataFile
		within(t, ctx, 30*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(cfg)); err != nil {
				return err
			}
			return waitFor(ctx, `(document.getElementById("digits-status")||{textContent:""}).textContent.includes("links cannot carry files")`, 10*time.Second)
		})
	})
}

func clipLog(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
