package app

import (
	"errors"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/ui/state"
)

func TestReadUserFile(t *testing.T) {
	set, err := ReadUserFile("a.txt", []byte("# comment\n1 1:0.5 2:2\n-1 2:1\n"))
	if err != nil || set.Dim != 2 || set.Len() != 2 {
		t.Fatalf("libsvm by content: %v, %+v", err, set)
	}
	set, err = ReadUserFile("b.csv", []byte("x,y,label\n0,1,0\n1,0,1\n0.5,0.5,2\n"))
	if err != nil || set.Dim != 2 || set.Len() != 3 {
		t.Fatalf("csv: %v", err)
	}
	_, err = ReadUserFile("bad.svm", []byte("1 1:0.5\n1 2:x\n"))
	var fe *data.FormatError
	if !errors.As(err, &fe) || fe.Line != 2 || fe.Column == 0 {
		t.Fatalf("want a FormatError at line 2 with a column, got %v", err)
	}
	if !strings.Contains(err.Error(), "line 2, column") {
		t.Errorf("message %q does not name the line and column", err)
	}
}

func TestPlotConfig(t *testing.T) {
	set, err := ReadUserFile("p.csv", []byte("10,0,3\n20,5,7\n15,10,7\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := plotConfig(set)
	if !ok {
		t.Fatal("a 2-D two-class file does not fit the plot")
	}
	if c.Task != state.TaskBinary || len(c.Points) != 3 || c.Points[0].X > -0.94 || c.Points[1].X < 0.94 ||
		c.Points[0].Class != 0 || c.Points[2].Class != 1 {
		t.Errorf("config %+v", c.Points)
	}
	if _, err := state.Decode(state.Encode(c)); err != nil {
		t.Errorf("the file's link does not decode: %v", err)
	}
	three, _ := ReadUserFile("p.csv", []byte("1,2,3,0\n4,5,6,1\n"))
	if _, ok := plotConfig(three); ok {
		t.Error("a 3-D file went to the plot")
	}
	fc := fileConfig(three)
	if fc.Data != state.DataFile || fc.Validate() != nil || !(fc.Sigma > 0) {
		t.Errorf("file config %+v: %v", fc, fc.Validate())
	}
	// The plot's own points (inside [−1, 1]², on the 1/Quantum grid) stay
	// where they are; [0, 1] data off the grid is scaled to fill the plot.
	own, _ := ReadUserFile("own.csv", []byte("-0.5,0.25,-1\n0.125,0.75,1\n"))
	if c, ok := plotConfig(own); !ok || c.Points[0] != (state.Point{X: -0.5, Y: 0.25}) || c.Points[1] != (state.Point{X: 0.125, Y: 0.75, Class: 1}) {
		t.Errorf("the plot's own points moved: %+v", c.Points)
	}
	unit, _ := ReadUserFile("unit.csv", []byte("0.1,0.2,0\n0.8,0.9,1\n"))
	if c, ok := plotConfig(unit); !ok || c.Points[0].X > -0.94 || c.Points[1].Y < 0.94 {
		t.Errorf("[0, 1] data is not scaled onto the plot: %+v", c.Points)
	}
}

// TestRouteTextLabels: a file whose labels are class names (seaborn's
// geyser.csv and iris.csv) loads, and the banner says which class each name
// became (issue "The classroom paths", item 12).
func TestRouteTextLabels(t *testing.T) {
	geyser := "duration,waiting,kind\n3.6,79,long\n1.8,54,short\n3.333,74,long\n2.283,62,short\n"
	set, err := ReadUserFile("geyser.csv", []byte(geyser))
	if err != nil {
		t.Fatal(err)
	}
	dest, c, why := Route("geyser.csv", set)
	if dest != ToPlot || c.Task != state.TaskBinary || len(c.Points) != 4 || c.Points[0].Class != 0 || c.Points[1].Class != 1 {
		t.Fatalf("geyser: dest %v, task %s, points %+v", dest, c.Task, c.Points)
	}
	if !strings.Contains(why, "“long” → class −1, “short” → class +1") {
		t.Errorf("geyser banner: %q", why)
	}
	iris := "sepal_length,sepal_width,petal_length,petal_width,species\n" +
		"5.1,3.5,1.4,0.2,setosa\n7.0,3.2,4.7,1.4,versicolor\n6.3,3.3,6.0,2.5,virginica\n4.9,3.0,1.4,0.2,setosa\n"
	set, err = ReadUserFile("iris.csv", []byte(iris))
	if err != nil {
		t.Fatal(err)
	}
	dest, _, why = Route("iris.csv", set)
	if dest != ToDigits || !strings.Contains(why, "“setosa” → class 0, “versicolor” → class 1, “virginica” → class 2.") {
		t.Errorf("iris: dest %v, banner %q", dest, why)
	}
	long := &data.Set{ClassNames: []string{strings.Repeat("é", 40), "b"}}
	if got := ClassMapping(long, true); !strings.Contains(got, "“"+strings.Repeat("é", 23)+"…” → class −1") {
		t.Errorf("a long name is not clipped: %q", got)
	}
	if got := ClassMapping(&data.Set{}, false); got != "" {
		t.Errorf("numeric labels: %q", got)
	}
}
