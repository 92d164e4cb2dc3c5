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

func TestClassLink(t *testing.T) {
	for _, ch := range ClassChoices {
		if !IsHideKey(ch.Key) || ch.What == "" {
			t.Errorf("class choice %q is no hide key or has no words", ch.Key)
		}
	}
	c := Default()
	c.Hide = []string{"e"} // the teacher's own page hides η₀; the class link replaces it
	h, err := ClassLink(c, []string{HideLoad, "s", HideTabs, "l", HideTabs}, true)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(h, "&pm=1&h=tabs.load.l.s") {
		t.Errorf("class link %q: want it to end with &pm=1&h=tabs.load.l.s", h)
	}
	d, err := Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Presenter || !reflect.DeepEqual(d.Hide, []string{HideTabs, HideLoad, "l", "s"}) {
		t.Errorf("decoded class link: presenter %v, hide %v", d.Presenter, d.Hide)
	}
	if RunChanged(c, d) {
		t.Error("the class link changes the run")
	}
	// Nothing ticked, presenter off: the plain link.
	h, err = ClassLink(c, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	c.Hide = nil
	if h != Encode(c) {
		t.Errorf("empty class link %q, want %q", h, Encode(c))
	}
	if _, err := ClassLink(c, []string{"chart"}, false); err == nil || !strings.Contains(err.Error(), `"chart"`) {
		t.Errorf("ticking \"chart\" gives %v, want an error naming it", err)
	}
}

func TestPresenterLink(t *testing.T) {
	c := Default()
	if strings.Contains(Encode(c), "pm=") {
		t.Errorf("a link without presenter mode writes pm: %s", Encode(c))
	}
	n, err := Apply(c, SetPresenter{On: true})
	if err != nil {
		t.Fatal(err)
	}
	if !n.Presenter || RunChanged(c, n) {
		t.Errorf("SetPresenter: presenter %v, run changed %v", n.Presenter, RunChanged(c, n))
	}
	d, err := Decode(Encode(n))
	if err != nil || !d.Presenter {
		t.Fatalf("pm=1 through the link: %v, %v", d.Presenter, err)
	}
	if n, _ = Apply(d, Defaults{}); !n.Presenter {
		t.Error("defaults turned presenter mode off")
	}
	for _, bad := range []string{"v1&pm=2", "v1&pm=", "v1&pm=1&pm=1"} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
	if d, err := Decode("v1&pm=0"); err != nil || d.Presenter {
		t.Errorf("Decode(v1&pm=0) = %v, %v", d.Presenter, err)
	}
}
