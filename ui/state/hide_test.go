package state

import (
	"reflect"
	"strings"
	"testing"
)

func TestHideKeys(t *testing.T) {
	// Every panel the page can hide has a key, distinct from the settings'.
	for _, p := range Panels {
		if _, ok := FieldByKey(p.Key); ok {
			t.Errorf("panel hide key %q is also a setting's key", p.Key)
		}
		if strings.ContainsAny(p.Key, ".&=#") || p.Key == "" {
			t.Errorf("panel hide key %q cannot sit in a link's h= list", p.Key)
		}
	}
	// A classroom link hiding every panel and the menus, sliders and tabs
	// of both modes is valid and survives the link.
	c := Default()
	for _, p := range Panels {
		c.Hide = append(c.Hide, p.Key)
	}
	c.Hide = append(c.Hide, "l", "t", "p", "spf", "g", "fig", "s")
	if err := c.Validate(); err != nil {
		t.Fatalf("a link hiding every panel is refused: %v", err)
	}
	d, err := Decode(Encode(c))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.Hide, c.Hide) {
		t.Errorf("hide keys through the link: %v, want %v", d.Hide, c.Hide)
	}
	for _, k := range c.Hide {
		if !d.Hidden(k) {
			t.Errorf("Hidden(%q) = false after the link", k)
		}
	}
	if d.Hidden("e") {
		t.Error("Hidden(\"e\") = true, but η₀ is not hidden")
	}
	// A typo is an error that names it.
	c.Hide = []string{"chart"}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), `"chart"`) {
		t.Errorf("hide key \"chart\" gives %v, want an error naming it", err)
	}
	if _, err := Decode("v1&h=tabs.nonsense"); err == nil {
		t.Error("a link hiding \"nonsense\" decodes")
	}
}
