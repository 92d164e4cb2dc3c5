//go:build !js

package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// labelsIris is an excerpt of the iris data as seaborn ships it
// (iris.csv: a header, four measurements, the species as text), 7 rows of
// each species.
const labelsIris = `sepal_length,sepal_width,petal_length,petal_width,species
5.1,3.5,1.4,0.2,setosa
4.9,3.0,1.4,0.2,setosa
4.7,3.2,1.3,0.2,setosa
4.6,3.1,1.5,0.2,setosa
5.0,3.6,1.4,0.2,setosa
5.4,3.9,1.7,0.4,setosa
4.6,3.4,1.4,0.3,setosa
7.0,3.2,4.7,1.4,versicolor
6.4,3.2,4.5,1.5,versicolor
6.9,3.1,4.9,1.5,versicolor
5.5,2.3,4.0,1.3,versicolor
6.5,2.8,4.6,1.5,versicolor
5.7,2.8,4.5,1.3,versicolor
6.3,3.3,4.7,1.6,versicolor
6.3,3.3,6.0,2.5,virginica
5.8,2.7,5.1,1.9,virginica
7.1,3.0,5.9,2.1,virginica
6.3,2.9,5.6,1.8,virginica
6.5,3.0,5.8,2.2,virginica
7.6,3.0,6.6,2.1,virginica
4.9,2.5,4.5,1.7,virginica
`

// labelsGeyser is an excerpt of seaborn's geyser.csv (Old Faithful's
// eruption duration and waiting time, the kind as text).
const labelsGeyser = `duration,waiting,kind
3.6,79,long
1.8,54,short
3.333,74,long
2.283,62,short
4.533,85,long
2.883,55,short
4.7,88,long
3.6,85,long
1.95,51,short
4.35,85,long
`

// TestBrowserTextLabels loads real CSV files whose labels are class names
// (issue "The classroom paths", item 12: they were refused with `label
// "setosa" in field 5 is not a finite number`): iris (4 features) runs in
// the digits view with its species as classes, geyser (2 features) becomes
// points of the plot; the banner says which class each name became.
func TestBrowserTextLabels(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	dir := t.TempDir()
	iris, geyser := filepath.Join(dir, "iris.csv"), filepath.Join(dir, "geyser.csv")
	for p, body := range map[string]string{iris: labelsIris, geyser: labelsGeyser} {
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	within(t, ctx, 60*time.Second, func(ctx context.Context) error {
		if err := open(ctx, srv.URL, state.Encode(state.DigitsDefault())); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{iris})); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.stats().message.includes("Loaded iris.csv")`, 10*time.Second); err != nil {
			st, _ := readStats(ctx)
			return fmt.Errorf("iris.csv did not load: the banner says %q: %w", st.Message, err)
		}
		st, err := readStats(ctx)
		if err != nil {
			return err
		}
		if want := "“setosa” → class 0, “versicolor” → class 1, “virginica” → class 2."; !strings.Contains(st.Message, want) {
			return fmt.Errorf("iris banner %q lacks %q", st.Message, want)
		}
		if err := waitFor(ctx, `(document.getElementById("digits-t")||{textContent:""}).textContent.includes("/ 21")`, 10*time.Second); err != nil {
			return fmt.Errorf("iris does not run in the digits view: %w", err)
		}
		screenshot(t, ctx, "labels-iris.png")
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{geyser})); err != nil {
			return err
		}
		if err := waitFor(ctx, `location.hash.includes("mode=2d") && location.hash.includes("pts=") && document.getElementById("plot") !== null`, 10*time.Second); err != nil {
			st, _ := readStats(ctx)
			return fmt.Errorf("geyser.csv did not become points of the plot (banner %q): %w", st.Message, err)
		}
		st, err = readStats(ctx)
		if err != nil {
			return err
		}
		if want := "“long” → class −1, “short” → class +1."; !strings.Contains(st.Message, want) {
			return fmt.Errorf("geyser banner %q lacks %q", st.Message, want)
		}
		screenshot(t, ctx, "labels-geyser.png")
		return nil
	})
}
