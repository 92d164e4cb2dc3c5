package state

import (
	"fmt"
	"strings"
)

// Classroom links hide parts of the page: the link's h= value is a list of
// hide keys joined by '.', e.g. h=l.t.tabs.load. A hide key is either the
// key of a setting in [Fields] (its control goes, wherever the page draws
// it: the learner menu "l", the task "t", the data set "p", the steps per
// frame or speed slider "spf", the surface menu "g", the paper figure menu
// "fig", a slider such as "s") or the key of a panel in [Panels]. A hidden
// setting keeps its value: the run is the same, only the control is gone.
// Hiding the learner menu leaves the learner's name on the page.

// The panel hide keys: parts of the page that are not one setting.
const (
	HideTabs      = "tabs"      // the mode tabs: 2D plot · Digits · Compare
	HideCharts    = "charts"    // the charts: η_t, average error, loss, stored terms (digits: error and η_t)
	HideStats     = "stats"     // the 2D read-outs under the charts (t, mistakes, η_t …)
	HideBuffer    = "buffer"    // the buffer strip under the plot; in digits the support-vector galleries
	HideConfusion = "confusion" // the confusion matrices of the digits view
	HidePoints    = "points"    // the class brushes, delete mode and "clear" of the 2D data group
	HideLoad      = "load"      // the "Load data…" button
	HideDefaults  = "defaults"  // the "defaults" button
	HideLink      = "link"      // the "Copy link" button and its "▾" (the class dialog)
	HideSecond    = "second"    // a 2D comparison's second surface beside the plot (its charts stay)
	HideInspector = "inspector" // the step inspector panel (2D and digits)
)

// Panels lists the panel hide keys with what each hides, in the order the
// docs give them. No panel key is also the key of a setting (TestHideKeys).
var Panels = []struct{ Key, What string }{
	{HideTabs, "the mode tabs (2D plot · Digits · Compare)"},
	{HideCharts, "the charts"},
	{HideStats, "the read-outs under the charts"},
	{HideBuffer, "the buffer strip (digits: the support-vector galleries)"},
	{HideConfusion, "the confusion matrices (digits)"},
	{HidePoints, "the class brushes, delete and clear"},
	{HideLoad, "the Load data… button"},
	{HideDefaults, "the defaults button"},
	{HideLink, "the Copy link button and its ▾ (this dialog)"},
	{HideSecond, "the second learner's surface (2D compare)"},
	{HideInspector, "the step inspector"},
}

// IsHideKey reports whether k names a setting of [Fields] or a panel of
// [Panels].
func IsHideKey(k string) bool {
	if _, ok := FieldByKey(k); ok {
		return true
	}
	for _, p := range Panels {
		if p.Key == k {
			return true
		}
	}
	return false
}

// Hidden reports whether the classroom link of c hides the control or panel
// with hide key k.
func (c Config) Hidden(k string) bool {
	for _, h := range c.Hide {
		if h == k {
			return true
		}
	}
	return false
}

// checkHide returns an error naming the first key of c.Hide that is no
// hide key, and listing the panel keys.
func (c Config) checkHide() error {
	for _, k := range c.Hide {
		if !IsHideKey(k) {
			keys := make([]string, len(Panels))
			for i, p := range Panels {
				keys[i] = p.Key
			}
			return fmt.Errorf("hidden control %q is neither a setting nor a panel (%s)", k, strings.Join(keys, ", "))
		}
	}
	return nil
}

// ClassChoices lists, in words, what the "make a link for my class" dialog
// offers to hide: every panel of [Panels], then the menus of the top bar
// (learner, task, data set, surface, paper figure) and the speed slider.
// Each Key is a hide key ([IsHideKey]); TestClassLink checks it.
var ClassChoices = append(append([]struct{ Key, What string }{}, Panels...), []struct{ Key, What string }{
	{"l", "the learner menu (its name stays)"},
	{"t", "the task menu"},
	{"p", "the data set menu"},
	{"g", "the surface menu"},
	{"fig", "the paper figure menu"},
	{"spf", "the speed slider"},
}...)

// ClassLink returns the hash (without '#') of c shown to a class: c's run
// and page settings with Hide set to the ticked hide keys, in [ClassChoices]
// order whatever the order of ticked, Presenter set to presenter, and
// predict-then-reveal's score (if on) back to 0 of 0. It
// returns an error naming a ticked key that is no hide key, or c's own
// validation error; ticking a key twice counts once.
func ClassLink(c Config, ticked []string, presenter bool) (string, error) {
	want := make(map[string]bool, len(ticked))
	for _, k := range ticked {
		if !IsHideKey(k) {
			return "", fmt.Errorf("class link: %q is neither a setting nor a panel", k)
		}
		want[k] = true
	}
	c.Hide = nil
	for _, ch := range ClassChoices {
		if want[ch.Key] {
			c.Hide = append(c.Hide, ch.Key)
			delete(want, ch.Key)
		}
	}
	// Keys outside ClassChoices (a slider such as "s") follow, in the
	// order ticked.
	for _, k := range ticked {
		if want[k] {
			c.Hide = append(c.Hide, k)
			delete(want, k)
		}
	}
	c.Presenter = presenter
	if c.Quiz.On {
		c.Quiz = Quiz{On: true} // each student's score starts at 0 of 0
	}
	if err := c.Validate(); err != nil {
		return "", fmt.Errorf("class link: %w", err)
	}
	return Encode(c), nil
}
