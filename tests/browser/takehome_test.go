//go:build !js

package browser

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"kernelplay/core/data"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// downloads follows Chromium's downloads (Browser.downloadWillBegin and
// downloadProgress events): each completed download's suggested name and
// path, in order.
type downloads struct {
	mu    sync.Mutex
	names map[string]string // GUID → suggested file name
	done  chan [2]string    // suggested name, path of a completed download
}

// watchDownloads sets the download directory of the tab's browser context
// to dir, with events, and follows them.
func watchDownloads(ctx context.Context, dir string) (*downloads, error) {
	d := &downloads{names: map[string]string{}, done: make(chan [2]string, 16)}
	if err := chromedp.ListenBrowser(ctx, func(ev any) {
		switch e := ev.(type) {
		case *cdpbrowser.EventDownloadWillBegin:
			d.mu.Lock()
			d.names[e.GUID] = e.SuggestedFilename
			d.mu.Unlock()
		case *cdpbrowser.EventDownloadProgress:
			if e.State == cdpbrowser.DownloadProgressStateCompleted {
				d.mu.Lock()
				name := d.names[e.GUID]
				d.mu.Unlock()
				d.done <- [2]string{name, filepath.Join(dir, e.GUID)}
			}
		}
	}); err != nil {
		return nil, err
	}
	on := true
	_, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &on,
		BrowserContextID: chromedp.FromContext(ctx).BrowserContextID}) // the test's tab's own (see browser)
	return d, err
}

// saveFile opens the Save menu, clicks the button with id and waits for
// the download whose suggested name ends in suffix to complete; it returns
// the file's bytes.
func (d *downloads) saveFile(ctx context.Context, id, suffix string) ([]byte, error) {
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(
		`(() => { document.getElementById("take-home").open = true; document.getElementById(%q).click(); return true })()`, id))); err != nil {
		return nil, err
	}
	for {
		select {
		case f := <-d.done:
			if strings.HasSuffix(f[0], suffix) {
				return os.ReadFile(f[1])
			}
		case <-ctx.Done():
			return nil, fmt.Errorf("%s: no download *%s: %w", id, suffix, ctx.Err())
		}
	}
}

// pixelJS reads the RGBA of the canvas with id at (fx, fy), fractions of
// its width and height.
const pixelJS = `((id, fx, fy) => {
  const s = document.getElementById(id);
  const c = document.createElement("canvas"); c.width = s.width; c.height = s.height;
  const x = c.getContext("2d"); x.drawImage(s, 0, 0);
  return Array.from(x.getImageData(Math.floor(fx * s.width), Math.floor(fy * s.height), 1, 1).data);
})`

// TestBrowserTakeHome is issue 12's acceptance in the browser: each
// export downloaded (Chromium's download directory set through the
// DevTools protocol, completion by its download events) and checked, the data file loaded back through Load
// data to the same points, the model file loaded and 100 more steps equal
// to the uninterrupted run, and each bad model file refused with a message
// and an unchanged page.
func TestBrowserTakeHome(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dl, err := watchDownloads(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	paused := state.Default()
	paused.Playing = false
	const saveAt = 300 // steps before saving (30 shift-clicks of Step)
	var model []byte
	var saved runState
	within(t, ctx, 90*time.Second, func(ctx context.Context) error {
		if err := open(ctx, srv.URL, state.Encode(paused)); err != nil {
			return err
		}
		if err := stepN(ctx, saveAt/10); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt), 10*time.Second); err != nil {
			return err
		}
		var err error
		if saved, err = readRun(ctx); err != nil {
			return err
		}
		return nil
	})

	t.Run("Traces", func(t *testing.T) {
		within(t, ctx, 30*time.Second, func(ctx context.Context) error {
			b, err := dl.saveFile(ctx, "save-traces", "-traces.csv")
			if err != nil {
				return err
			}
			recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
			if err != nil {
				return fmt.Errorf("the traces are not CSV: %v", err)
			}
			if !strings.HasPrefix(recs[0][0], "t (step") || !strings.HasPrefix(recs[0][1], "eta") {
				return fmt.Errorf("traces header %q", recs[0])
			}
			if last := recs[len(recs)-1][0]; last != strconv.Itoa(saveAt) || len(recs)-1 != saveAt {
				return fmt.Errorf("traces: %d rows, the last at t = %s; want %d rows ending at t = %d", len(recs)-1, last, saveAt, saveAt)
			}
			return nil
		})
	})

	t.Run("PlotPNG", func(t *testing.T) {
		within(t, ctx, 30*time.Second, func(ctx context.Context) error {
			b, err := dl.saveFile(ctx, "save-plot-png", "-plot.png")
			if err != nil {
				return err
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				return fmt.Errorf("the plot picture does not decode as PNG: %v", err)
			}
			box, err := readPlotBox(ctx)
			if err != nil {
				return err
			}
			// The menu's default size is 2× the plot on screen.
			if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != int(math.Round(2*box.W)) || h != int(math.Round(2*box.H)) {
				return fmt.Errorf("plot picture %d×%d, want 2× the plot's %.0f×%.0f", w, h, box.W, box.H)
			}
			// The surface's colours at a grid of spots: most of them (the
			// lines and markers cover some) equal the surface canvas's.
			match, spots := 0, 0
			for i := 1; i < 8; i++ {
				for j := 1; j < 8; j++ {
					fx, fy := (float64(i)+0.5)/8, (float64(j)+0.5)/8
					want, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(`%s("surface", %g, %g)`, pixelJS, fx, fy)))
					if err != nil {
						return err
					}
					spots++
					if nearColour(img, fx, fy, want) {
						match++
					}
				}
			}
			t.Logf("plot picture: %d of %d spots have the surface's colour", match, spots)
			if match < spots*2/3 {
				return fmt.Errorf("only %d of %d spots of the picture have the surface's colour", match, spots)
			}
			return nil
		})
	})

	t.Run("ViewPNG", func(t *testing.T) {
		within(t, ctx, 30*time.Second, func(ctx context.Context) error {
			b, err := dl.saveFile(ctx, "save-view-png", "-view.png")
			if err != nil {
				return err
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				return fmt.Errorf("the view picture does not decode as PNG: %v", err)
			}
			// The picture holds the plot and the charts side by side, at 2×
			// (their layout: TestBrowserFilesViewPNG).
			w, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
  const w = id => document.getElementById(id).getBoundingClientRect().width;
  return w("plot") + w("charts");
})()`))
			if err != nil {
				return err
			}
			if img.Bounds().Dx() < int(2*w) {
				return fmt.Errorf("view picture %d wide, less than 2× the plot's and the charts' %.0f", img.Bounds().Dx(), w)
			}
			// The caption: dark text in the bottom 40 px of the picture.
			dark := 0
			bd := img.Bounds()
			for y := bd.Max.Y - 40; y < bd.Max.Y; y++ {
				for x := bd.Min.X; x < bd.Max.X; x++ {
					if r, g, bl, _ := img.At(x, y).RGBA(); r < 0x6000 && g < 0x6000 && bl < 0x6000 {
						dark++
					}
				}
			}
			if dark < 100 {
				return fmt.Errorf("the view picture has no caption text at its bottom (%d dark pixels)", dark)
			}
			return nil
		})
	})

	t.Run("PointsLoadBack", func(t *testing.T) {
		for _, c := range []struct{ id, suffix string }{{"save-points-csv", "-points.csv"}, {"save-points-libsvm", "-points.libsvm"}} {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				b, err := dl.saveFile(ctx, c.id, c.suffix)
				if err != nil {
					return err
				}
				var set *data.Set
				if c.suffix == "-points.csv" {
					set, err = data.ReadCSV(bytes.NewReader(b), "points", data.CSVConfig{})
				} else {
					set, err = data.ReadLIBSVM(bytes.NewReader(b), "points")
				}
				if err != nil || set.Dim != 2 || set.Len() == 0 {
					return fmt.Errorf("%s does not read back: %v", c.suffix, err)
				}
				p := filepath.Join(t.TempDir(), "points"+c.suffix)
				if err := os.WriteFile(p, b, 0o644); err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{p})); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.config().Points.length === %d`, set.Len()), 10*time.Second); err != nil {
					return err
				}
				got, err := chromedp.Run(ctx, chromedp.Evaluate[[]state.Point](`window.kernelplay.config().Points`))
				if err != nil {
					return err
				}
				for i := range set.Len() {
					r := set.Row(i)
					want := state.Quantize(state.Point{X: r[0], Y: r[1], Class: int(set.Y[i]+1) / 2})
					if got[i] != want {
						return fmt.Errorf("%s: point %d loaded as %+v, want %+v", c.suffix, i, got[i], want)
					}
				}
				// Back to the saved run for the next export.
				if err := open(ctx, srv.URL, state.Encode(paused)); err != nil {
					return err
				}
				if err := stepN(ctx, saveAt/10); err != nil {
					return err
				}
				return waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt), 10*time.Second)
			})
		}
	})

	t.Run("ModelContinues", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(paused)); err != nil {
				return err
			}
			if err := stepN(ctx, saveAt/10); err != nil {
				return err
			}
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt), 10*time.Second); err != nil {
				return err
			}
			var err error
			if model, err = dl.saveFile(ctx, "save-model", "-model.json"); err != nil {
				return err
			}
			var f struct {
				Format   string       `json:"format"`
				Version  int          `json:"version"`
				Position sim.Position `json:"position"`
			}
			if err := json.Unmarshal(model, &f); err != nil || f.Format != "kernelplay-run" || f.Position.T != saveAt {
				return fmt.Errorf("model file: %v, %+v", err, f)
			}
			// The uninterrupted run: 100 more steps.
			if err := stepN(ctx, 10); err != nil {
				return err
			}
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt+100), 10*time.Second); err != nil {
				return err
			}
			want, err := readRun(ctx)
			if err != nil {
				return err
			}
			// A fresh page (the default demo, playing), the file loaded.
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if err := uploadBytes(ctx, t, "load-model-input", "run-model.json", model); err != nil {
				return err
			}
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d && !window.kernelplay.stats().playing`, saveAt), 10*time.Second); err != nil {
				return fmt.Errorf("the model did not load: %w", err)
			}
			at, err := readRun(ctx)
			if err != nil {
				return err
			}
			if at.Scores != saved.Scores || at.Surface != saved.Surface {
				return fmt.Errorf("the loaded model differs from the saved one")
			}
			if err := stepN(ctx, 10); err != nil {
				return err
			}
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt+100), 10*time.Second); err != nil {
				return err
			}
			got, err := readRun(ctx)
			if err != nil {
				return err
			}
			// The charts' histories are not in the file: compare the model
			// and its picture.
			got.Trace, want.Trace = "", ""
			return want.diff(got)
		})
	})

	t.Run("BadModelFiles", func(t *testing.T) {
		if model == nil {
			t.Fatal("no model file: ModelContinues failed")
		}
		l3, err := sim.Learner(state.Default(), 3)
		if err != nil {
			t.Fatal(err)
		}
		dim3, err := sim.MarshalLearner(l3)
		if err != nil {
			t.Fatal(err)
		}
		var f map[string]json.RawMessage
		if err := json.Unmarshal(model, &f); err != nil {
			t.Fatal(err)
		}
		with := func(key string, v []byte) []byte {
			g := map[string]json.RawMessage{}
			for k, x := range f {
				g[k] = x
			}
			g[key] = v
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		i := bytes.Index(model, []byte(`"Eta0":`))
		if i < 0 {
			t.Fatal("no Eta0 in the model file")
		}
		i += len(`"Eta0":`)
		nan := append(append(append([]byte{}, model[:i]...), " NaN"...), model[i+bytes.IndexByte(model[i:], ','):]...)
		for _, c := range []struct {
			name, want string
			b          []byte
		}{
			{"truncated", "truncated", model[:len(model)/2]},
			{"other version", "version 3", with("version", []byte("3"))},
			{"NaN", "NaN", nan},
			{"other dimension", "dimension 2", with("model", dim3)},
		} {
			within(t, ctx, 30*time.Second, func(ctx context.Context) error {
				before, err := readRun(ctx)
				if err != nil {
					return err
				}
				if err := uploadBytes(ctx, t, "load-model-input", "bad.json", c.b); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().message.includes(%q)`, c.want), 10*time.Second); err != nil {
					st, _ := readStats(ctx)
					return fmt.Errorf("%s: the message is %q: %w", c.name, st.Message, err)
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				if !strings.Contains(st.Message, "Nothing was changed") {
					return fmt.Errorf("%s: message %q", c.name, st.Message)
				}
				after, err := readRun(ctx)
				if err != nil {
					return err
				}
				if err := before.diff(after); err != nil {
					return fmt.Errorf("%s: the page changed: %v", c.name, err)
				}
				return nil
			})
		}
	})

	t.Run("DigitsCompareTraces", func(t *testing.T) {
		c := state.DigitsDefault()
		c.Compare, c.Playing, c.At = state.LearnerNORMA, false, 40
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#"+state.Encode(c))); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === 40`, 30*time.Second); err != nil {
				return err
			}
			b, err := dl.saveFile(ctx, "save-traces", "-traces.csv")
			if err != nil {
				return err
			}
			recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
			if err != nil {
				return fmt.Errorf("the digits traces are not CSV: %v", err)
			}
			// t, then three columns (average error, η_t, windowed error) per learner.
			if len(recs[0]) != 7 || len(recs) != 41 || recs[40][0] != "40" {
				return fmt.Errorf("compare traces: header %q, %d rows, want 7 columns and 40 rows ending at t = 40", recs[0], len(recs)-1)
			}
			return nil
		})
	})
}

// nearColour reports whether img's pixel at (fx, fy) (fractions of its size)
// is within 12 levels per channel of want (RGBA).
func nearColour(img image.Image, fx, fy float64, want []int) bool {
	b := img.Bounds()
	r, g, bl, _ := img.At(b.Min.X+int(fx*float64(b.Dx())), b.Min.Y+int(fy*float64(b.Dy()))).RGBA()
	got := []int{int(r >> 8), int(g >> 8), int(bl >> 8)}
	for k := range 3 {
		if d := got[k] - want[k]; d > 12 || d < -12 {
			return false
		}
	}
	return true
}
