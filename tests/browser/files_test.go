//go:build !js

package browser

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// Issue 19's file paths, walked in the browser: View (PNG) composed from
// the panels (item 5), a saved comparison loaded back as both learners
// (item 6) with its charts and inspector (item 10), the traces CSV's
// columns (item 13).

// filesCompareLink is the comparison of issue 19 item 6.
const filesCompareLink = "v1&p=rotating&vs=norma&2s=0.5"

// filesAt returns the link hash h opened paused at step at.
func filesAt(t *testing.T, h string, at int) string {
	t.Helper()
	c, err := state.Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	c.Playing, c.At = false, at
	return state.Encode(c)
}

// filesLayout is what a picture of the view must show, read from the page:
// the panels' sizes on screen (CSS px) and, for the charts, a few of their
// inked pixels (fractions of the canvas) with their colours.
type filesLayout struct {
	PlotW, PlotH     float64
	SecondW, SecondH float64 // 0 without a comparison
	StripW, StripH   float64
	ChartsW, ChartsH float64
	Readouts         int      // rows of the read-out table
	Ink              [][5]int // charts canvas: x‰, y‰ of its width and height, r, g, b
}

// filesLayoutJS reads filesLayout.
const filesLayoutJS = `(() => {
  const size = id => { const e = document.getElementById(id); if (!e) return [0, 0];
    const r = e.getBoundingClientRect(); return [r.width, r.height]; };
  const [PlotW, PlotH] = size("plot"), [SecondW, SecondH] = size("surface2"),
        [StripW, StripH] = size("strip"), [ChartsW, ChartsH] = size("charts");
  const c = document.getElementById("charts");
  const k = document.createElement("canvas"); k.width = c.width; k.height = c.height;
  const x = k.getContext("2d"); x.drawImage(c, 0, 0);
  const d = x.getImageData(0, 0, k.width, k.height).data;
  const all = [];
  // Dark or saturated pixels, not near the canvas' edges (the picture
  // scales the canvas, so edge pixels blend with the white margin), whose
  // neighbours have the same colour (not the edge of a line).
  for (let py = 4; py < k.height - 4; py += 2) for (let px = 4; px < k.width - 4; px += 2) {
    const o = 4 * (py * k.width + px);
    const r = d[o], g = d[o+1], b = d[o+2], a = d[o+3];
    if (a !== 255 || Math.max(r, g, b) - Math.min(r, g, b) + (255 - Math.max(r, g, b)) <= 120) continue;
    let same = true;
    for (const [dx, dy] of [[-2,0],[2,0],[0,-2],[0,2]]) {
      const q = 4 * ((py+dy) * k.width + px + dx);
      same = same && d[q+3] === 255 && Math.abs(d[q]-r) + Math.abs(d[q+1]-g) + Math.abs(d[q+2]-b) < 24;
    }
    if (same) all.push([Math.round(1000 * (px + 0.5) / k.width), Math.round(1000 * (py + 0.5) / k.height), r, g, b]);
  }
  const Ink = [];
  for (let i = 0; i < 60 && all.length > 0; i++) Ink.push(all[Math.floor(i * all.length / 60)]);
  return {PlotW, PlotH, SecondW, SecondH, StripW, StripH, ChartsW, ChartsH,
    Readouts: document.querySelectorAll("#readouts dt").length, Ink};
})()`

// filesInside reports how many of the spots (fractions of the box x, y,
// w, h of img, in picture pixels) have the colour want gives for them.
func filesInside(img image.Image, x, y, w, h float64, spots [][5]int) int {
	n := 0
	for _, s := range spots {
		px, py := int(x+float64(s[0])/1000*w), int(y+float64(s[1])/1000*h)
		r, g, b, _ := img.At(px, py).RGBA()
		got := [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
		ok := true
		for k := range 3 {
			if d := got[k] - s[2+k]; d > 40 || d < -40 {
				ok = false
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// TestBrowserFilesViewPNG is issue 19 item 5: View (PNG) of a paused run
// at 1024×768 and 1920×1080, and of a comparison, is composed from the
// panels in a fixed layout — the plot at the top left (its surface's
// colours there), the charts at the top of the right column (their inked
// pixels there), no room for the data-set thumbnails or the page's
// scrolling, the read-outs and the caption under them. The pictures are
// saved as testdata/screenshots/files-view-*.png to be looked at.
func TestBrowserFilesViewPNG(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dl, err := watchDownloads(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		w, h int64
		link string
	}{
		{"1024-paused", 1024, 768, filesAt(t, state.Encode(state.Default()), 300)},
		{"1920-paused", 1920, 1080, filesAt(t, state.Encode(state.Default()), 300)},
		{"1024-compare", 1024, 768, filesAt(t, filesCompareLink, 300)},
	} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h)); err != nil {
					return err
				}
				if err := open(ctx, srv.URL, c.link); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t === 300 && !window.kernelplay.stats().playing`, 20*time.Second); err != nil {
					return err
				}
				// Paused as a teacher leaves it: the page scrolled down to the
				// inspector, which is what jumbled the picture.
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(window.scrollTo(0, document.body.scrollHeight), true)`)); err != nil {
					return err
				}
				time.Sleep(400 * time.Millisecond) // a frame or two to draw the paused page
				lay, err := chromedp.Run(ctx, chromedp.Evaluate[filesLayout](filesLayoutJS))
				if err != nil {
					return err
				}
				if lay.PlotW == 0 || lay.ChartsW == 0 || len(lay.Ink) < 10 {
					return fmt.Errorf("the page shows no plot or charts to picture: %+v", lay)
				}
				b, err := dl.saveFile(ctx, "save-view-png", "-view.png")
				if err != nil {
					return err
				}
				shot := filepath.Join("testdata", "screenshots", "files-view-"+c.name+".png")
				if err := os.MkdirAll(filepath.Dir(shot), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(shot, b, 0o644); err != nil {
					return err
				}
				t.Logf("view picture: %s", shot)
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					return fmt.Errorf("the view picture does not decode as PNG: %v", err)
				}
				const scale, pad, gap = 2.0, 8.0, 12.0 // the menu's default 2×; app.ComposePanels' margins
				// The plot at the top left: the surface's colours at a grid
				// of spots (the lines and markers cover some).
				match, spots := 0, 0
				for i := 1; i < 8; i++ {
					for j := 1; j < 8; j++ {
						fx, fy := (float64(i)+0.5)/8, (float64(j)+0.5)/8
						want, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(`%s("surface", %g, %g)`, pixelJS, fx, fy)))
						if err != nil {
							return err
						}
						spots++
						px, py := int(scale*(pad+fx*lay.PlotW)), int(scale*(pad+fy*lay.PlotH))
						r, g, bl, _ := img.At(px, py).RGBA()
						got := []int{int(r >> 8), int(g >> 8), int(bl >> 8)}
						if d := [3]int{got[0] - want[0], got[1] - want[1], got[2] - want[2]}; d[0]*d[0]+d[1]*d[1]+d[2]*d[2] < 3*16*16 {
							match++
						}
					}
				}
				if match < spots*2/3 {
					return fmt.Errorf("the picture's top left holds the plot's surface at %d of %d spots", match, spots)
				}
				// The charts at the top of the right column.
				top := lay.PlotW // the left column's top row: the plot and a comparison's second surface
				if lay.SecondW > 0 {
					top += gap + lay.SecondW
				}
				left := max(top, lay.StripW)
				cx := scale * (pad + left + gap)
				if n := filesInside(img, cx, scale*pad, scale*lay.ChartsW, scale*lay.ChartsH, lay.Ink); n < len(lay.Ink)*2/3 {
					return fmt.Errorf("the picture's right column holds the charts' ink at %d of %d spots (charts at x = %.0f)", n, len(lay.Ink), cx)
				}
				// No empty room: the picture is as high as its columns, the
				// read-outs and a caption of a few lines.
				colH := max(lay.PlotH+gap+lay.StripH, lay.ChartsH+gap+float64(lay.Readouts)*13*1.4)
				if maxH := scale * (pad + colH + gap + 8*13*1.4 + pad); float64(img.Bounds().Dy()) > maxH {
					return fmt.Errorf("the picture is %d px high, more than its panels, read-outs and caption need (%.0f)", img.Bounds().Dy(), maxH)
				}
				if maxW := scale * (pad + left + gap + max(lay.ChartsW, 400) + pad); float64(img.Bounds().Dx()) > maxW {
					return fmt.Errorf("the picture is %d px wide, more than its two columns need (%.0f)", img.Bounds().Dx(), maxW)
				}
				return nil
			})
		})
	}
}

// TestBrowserFilesCompareModel is issue 19 items 6 and 10: Save Model
// (JSON) on #v1&p=rotating&vs=norma&2s=0.5 paused at step 300, Load
// model… in a fresh page: the run is a comparison again (the Learner group
// compares with NORMA), its charts hold the run's history (both learners'
// traces equal the saved run's), the inspector shows the last step (SVMD
// keeps a record), and 100 steps later the run file saved again is byte
// for byte the file of the run that was never saved — both learners' full
// state and positions.
func TestBrowserFilesCompareModel(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dl, err := watchDownloads(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const saveAt = 300
	within(t, ctx, 180*time.Second, func(ctx context.Context) error {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
			return err
		}
		if err := open(ctx, srv.URL, filesAt(t, filesCompareLink, saveAt)); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d && !window.kernelplay.stats().playing`, saveAt), 20*time.Second); err != nil {
			return err
		}
		traces := func() ([2]string, error) {
			var tr [2]string
			var err error
			for i, f := range []string{"trace", "trace2"} {
				if tr[i], err = chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.`+f+`()`)); err != nil {
					return tr, err
				}
			}
			if tr[1] == "" {
				return tr, fmt.Errorf("the run has no second learner")
			}
			return tr, nil
		}
		savedTr, err := traces()
		if err != nil {
			return err
		}
		model, err := dl.saveFile(ctx, "save-model", "-model.json")
		if err != nil {
			return err
		}
		// The run that was never saved: 100 more steps, saved again.
		if err := stepN(ctx, 10); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt+100), 10*time.Second); err != nil {
			return err
		}
		want, err := dl.saveFile(ctx, "save-model", "-model.json")
		if err != nil {
			return err
		}
		wantTr, err := traces()
		if err != nil {
			return err
		}

		// A fresh page (the default demo, playing), the file loaded.
		if err := open(ctx, srv.URL, ""); err != nil {
			return err
		}
		if err := uploadBytes(ctx, t, "load-model-input", "compare-model.json", model); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d && !window.kernelplay.stats().playing && window.kernelplay.stats().message.startsWith("Loaded")`, saveAt), 30*time.Second); err != nil {
			st, _ := readStats(ctx)
			return fmt.Errorf("the comparison did not load (t = %d, message %q): %w", st.T, st.Message, err)
		}
		st, err := readStats(ctx)
		if err != nil {
			return err
		}
		t.Logf("after Load model: %q", st.Message)
		cmp, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.config().Compare`))
		if err != nil {
			return err
		}
		if cmp != state.LearnerNORMA {
			return fmt.Errorf("after Load model the run compares with %q, want %q", cmp, state.LearnerNORMA)
		}
		time.Sleep(400 * time.Millisecond) // the loaded run drawn
		screenshot(t, ctx, "files-compare-loaded.png")
		gotTr, err := traces()
		if err != nil {
			return fmt.Errorf("after Load model: %v", err)
		}
		for i := range 2 {
			if gotTr[i] != savedTr[i] {
				return fmt.Errorf("item 10: learner %d's charts after Load model are not the saved run's history:\n got %.200s\nwant %.200s", i+1, gotTr[i], savedTr[i])
			}
		}
		insp, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
			Show   bool `json:"show"`
			T      int  `json:"t"`
			Blocks int  `json:"blocks"`
		}](`window.kernelplay.inspector()`))
		if err != nil {
			return err
		}
		if !insp.Show || insp.T != saveAt || insp.Blocks == 0 {
			return fmt.Errorf("item 10: after Load model the inspector shows %+v, want the update of step %d", insp, saveAt)
		}
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("inspector").textContent`))
		if err != nil {
			return err
		}
		if strings.Contains(text, "keeps no record") {
			return fmt.Errorf("item 10: the inspector says %q", text)
		}
		// Both learners continue: 100 steps, saved again.
		if err := stepN(ctx, 10); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, saveAt+100), 10*time.Second); err != nil {
			return err
		}
		got, err := dl.saveFile(ctx, "save-model", "-model.json")
		if err != nil {
			return err
		}
		if !bytes.Equal(got, want) {
			return fmt.Errorf("100 steps after Load model the run file differs from the uninterrupted run's (%d vs %d bytes)", len(got), len(want))
		}
		if gotTr, err = traces(); err != nil {
			return err
		}
		if gotTr != wantTr {
			return fmt.Errorf("100 steps after Load model the charts differ from the uninterrupted run's")
		}
		screenshot(t, ctx, "files-compare-continued.png")
		return nil
	})
}

// TestBrowserFilesTraces is issue 19 item 13: a regression run's traces
// have no classification error column (it read 1 on every row), AMM's
// stored count is named for its hyperplanes, and the t column says why a
// long run's rows have empty cells.
func TestBrowserFilesTraces(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dl, err := watchDownloads(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	reg, err := state.Apply(state.Default(), state.SetField{Key: "t", Value: state.TaskRegression})
	if err != nil {
		t.Fatal(err)
	}
	amm, err := state.Apply(state.Default(), state.SetField{Key: "l", Value: state.LearnerAMM})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		cfg     state.Config
		at      int
		check   func(head []string) error
		minRows int
	}{
		{"regression", reg, 1200, func(head []string) error {
			for _, h := range head {
				if strings.Contains(h, "fraction of the first t predictions wrong") {
					return fmt.Errorf("a regression file has the column %q", h)
				}
			}
			if !strings.Contains(strings.Join(head, "|"), "mean absolute error") {
				return fmt.Errorf("a regression file without its mean absolute error: %q", head)
			}
			if !strings.Contains(head[0], "empty cell") {
				return fmt.Errorf("the t column %q does not say why a row has empty cells", head[0])
			}
			return nil
		}, 500},
		{"amm", amm, 200, func(head []string) error {
			j := strings.Join(head, "|")
			if !strings.Contains(j, "hyperplanes (count") || strings.Contains(j, "stored terms") {
				return fmt.Errorf("AMM's header %q: want its hyperplanes, not stored terms", head)
			}
			return nil
		}, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.cfg.Playing, c.cfg.At = false, c.at
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, state.Encode(c.cfg)); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, c.at), 30*time.Second); err != nil {
					return err
				}
				b, err := dl.saveFile(ctx, "save-traces", "-traces.csv")
				if err != nil {
					return err
				}
				recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
				if err != nil {
					return fmt.Errorf("the traces are not CSV: %v", err)
				}
				if len(recs) < c.minRows {
					return fmt.Errorf("%d rows", len(recs))
				}
				return c.check(recs[0])
			})
		})
	}
}

// TestBrowserFilesLoadHistory is issue 19 item 10 for one learner: the
// default demo (SVMD) saved while paused at t = 1006 and loaded in a fresh
// page shows the run's history in its charts (its traces equal the saved
// run's, not an empty axis "t 0…1") and the last update in the step
// inspector (not "This learner keeps no record of its steps").
func TestBrowserFilesLoadHistory(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dl, err := watchDownloads(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const saveAt = 1006
	within(t, ctx, 120*time.Second, func(ctx context.Context) error {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
			return err
		}
		if err := open(ctx, srv.URL, filesAt(t, state.Encode(state.Default()), saveAt)); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d && !window.kernelplay.stats().playing`, saveAt), 30*time.Second); err != nil {
			return err
		}
		saved, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.trace()`))
		if err != nil {
			return err
		}
		model, err := dl.saveFile(ctx, "save-model", "-model.json")
		if err != nil {
			return err
		}
		if err := open(ctx, srv.URL, ""); err != nil {
			return err
		}
		if err := uploadBytes(ctx, t, "load-model-input", "svmd-model.json", model); err != nil {
			return err
		}
		if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d && !window.kernelplay.stats().playing && window.kernelplay.stats().message.startsWith("Loaded")`, saveAt), 30*time.Second); err != nil {
			return fmt.Errorf("the model did not load: %w", err)
		}
		time.Sleep(400 * time.Millisecond) // the loaded run drawn
		screenshot(t, ctx, "files-load-history.png")
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.trace()`))
		if err != nil {
			return err
		}
		if got != saved {
			return fmt.Errorf("after Load model the charts are not the run's history:\n got %.200s\nwant %.200s", got, saved)
		}
		// The charts' time axis ends at the run's step, as before saving.
		axis, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.kernelplay.chartTexts("charts").texts.map(t => t.text)`))
		if err != nil {
			return err
		}
		if !strings.Contains(strings.Join(axis, " "), "1000") {
			return fmt.Errorf("after Load model the charts' axis reads %q, want ticks up to t = %d", axis, saveAt)
		}
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("inspector").textContent`))
		if err != nil {
			return err
		}
		insp, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
			Show bool `json:"show"`
			T    int  `json:"t"`
		}](`window.kernelplay.inspector()`))
		if err != nil {
			return err
		}
		if !insp.Show || insp.T != saveAt || strings.Contains(text, "keeps no record") {
			return fmt.Errorf("after Load model the inspector shows %+v: %.120q", insp, text)
		}
		return nil
	})
}

// TestBrowserFilesViewPNGDigits is issue 19 item 5 in the digits view
// (Compare: two learners) at 1024×768, paused: the picture is its panels
// in two columns — the current digit and the two support-vector galleries
// side by side on the left, the charts (their ink at the top of the right
// column) and the two confusion matrices side by side on the right — as
// wide as those columns, and saved
// as testdata/screenshots/files-view-digits.png.
func TestBrowserFilesViewPNGDigits(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dl, err := watchDownloads(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c := state.DigitsDefault()
	c.Compare, c.Playing, c.At = state.LearnerNORMA, false, 200
	within(t, ctx, 90*time.Second, func(ctx context.Context) error {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 768)); err != nil {
			return err
		}
		if err := open(ctx, srv.URL, state.Encode(c)); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.stats().t === 200`, 30*time.Second); err != nil {
			return err
		}
		time.Sleep(400 * time.Millisecond)
		cols, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`(() => {
  const w = id => { const e = document.getElementById(id);
    return e && e.width > 0 ? e.getBoundingClientRect().width : 0; };
  const row = (a, b) => w(a) + (w(b) > 0 ? 12 + w(b) : 0); // two panels side by side
  return [Math.max(w("digit-now"), row("gallery-0", "gallery-1")), Math.max(w("digits-charts"), row("confusion-0", "confusion-1"))];
})()`))
		if err != nil {
			return err
		}
		if cols[0] == 0 || cols[1] == 0 {
			return fmt.Errorf("the digits view shows no panels: columns %v", cols)
		}
		// The digits charts' curves are thinner: a pixel whose neighbours
		// at 1 px have its colour counts as ink.
		js := strings.ReplaceAll(filesLayoutJS, `document.getElementById("charts")`, `document.getElementById("digits-charts")`)
		js = strings.ReplaceAll(js, `[[-2,0],[2,0],[0,-2],[0,2]]`, `[[-1,0],[1,0],[0,-1],[0,1]]`)
		ink, err := chromedp.Run(ctx, chromedp.Evaluate[[][5]int](js+`.Ink`))
		if err != nil {
			return err
		}
		chartsW, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`(r => [r.width, r.height])(document.getElementById("digits-charts").getBoundingClientRect())`))
		if err != nil {
			return err
		}
		b, err := dl.saveFile(ctx, "save-view-png", "-view.png")
		if err != nil {
			return err
		}
		shot := filepath.Join("testdata", "screenshots", "files-view-digits.png")
		if err := os.MkdirAll(filepath.Dir(shot), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(shot, b, 0o644); err != nil {
			return err
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return err
		}
		// The digits view offers no picture size (the Plot picture's menu):
		// its picture is at 1×.
		const scale, pad, gap = 1.0, 8.0, 12.0
		if want := scale * (pad + cols[0] + gap + cols[1] + pad); float64(img.Bounds().Dx()) > want+2 || float64(img.Bounds().Dx()) < want-2 {
			return fmt.Errorf("the digits picture is %d px wide, want its two columns' %.0f", img.Bounds().Dx(), want)
		}
		if len(ink) < 10 {
			return fmt.Errorf("the digits charts show no ink (%d spots)", len(ink))
		}
		if n := filesInside(img, scale*(pad+cols[0]+gap), scale*pad, scale*chartsW[0], scale*chartsW[1], ink); n < len(ink)*2/3 {
			return fmt.Errorf("the picture's right column holds the digits charts' ink at %d of %d spots", n, len(ink))
		}
		return nil
	})
}
