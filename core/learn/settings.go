package learn

import (
	"fmt"
	"slices"
	"strings"

	"kernelplay/core/jsonfile"
)

// SameSettings returns nil when the learners a and b have the same type
// and every setting of their Config equal, as their model files write
// them (the "config" of [MarshalModel]: kernel, loss, schedule and
// enumerations by name, every number to the last bit); otherwise an error
// naming the first setting that differs (a *[SettingDiff]: its Config
// field name, in alphabetical order, with both values). It reads the settings
// only, never the working state, and allocates about the size of the two
// settings' JSON.
//
// A page that continues a saved run checks the model it read against the
// learner its link builds with it, so that the controls, the caption and
// the share link never show other settings than the ones running.
func SameSettings(a, b Learner) error {
	na, ca, err := settingsOf(a)
	if err != nil {
		return err
	}
	nb, cb, err := settingsOf(b)
	if err != nil {
		return err
	}
	if na != nb {
		return fmt.Errorf("learn: SameSettings: a %s and a %s", na, nb)
	}
	ma, err := settingsMap(ca)
	if err != nil {
		return err
	}
	mb, err := settingsMap(cb)
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(ma))
	for k := range ma {
		keys = append(keys, k)
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if x, y := string(ma[k]), string(mb[k]); x != y {
			return &SettingDiff{Name: k, A: shorten(x), B: shorten(y)}
		}
	}
	return nil
}

// SettingDiff is a setting two learners do not share ([SameSettings]).
type SettingDiff struct {
	// Name is the Config field's name (Kernel, Lambda, BufferSize, …).
	Name string
	// A and B are its values in the first and the second learner, as
	// their model files write them (cut after 60 bytes), or "absent".
	A, B string
}

// Error returns "learn: settings differ: Name is A and B".
func (d *SettingDiff) Error() string {
	return fmt.Sprintf("learn: settings differ: %s is %s and %s", d.Name, d.A, d.B)
}

// settingsMap returns the JSON of each setting of cfg (a Config's file
// form, a struct), as the model file writes it.
func settingsMap(cfg any) (map[string]string, error) {
	ms, err := jsonfile.Members(cfg)
	if err != nil {
		return nil, fmt.Errorf("learn: SameSettings: %w", err)
	}
	m := make(map[string]string, len(ms))
	for _, x := range ms {
		m[x.Name] = x.JSON
	}
	return m, nil
}

// shorten cuts a setting's JSON for a message.
func shorten(s string) string {
	if s == "" {
		return "absent"
	}
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return strings.ReplaceAll(s, `"`, "")
}

// settingsOf returns the model file's learner name and the file form of
// l's settings.
func settingsOf(l Learner) (string, any, error) {
	var (
		cfg any
		err error
		who string
	)
	switch m := l.(type) {
	case *SVMD:
		who = modelSVMD
		cfg, err = m.cfg.toJSON()
	case *NORMA:
		who = modelNORMA
		cfg, err = m.cfg.toJSON()
	case *KernelPegasos:
		who = modelKernelPegasos
		cfg, err = m.s.toJSON()
	case *Pegasos:
		who, cfg = modelPegasos, m.s
	case *SGD:
		who = modelSGD
		cfg, err = m.s.toJSON()
	case *RES:
		who = modelRES
		cfg, err = m.s.toJSON()
	case *DCDOnline:
		who = modelDCDOnline
		cfg, err = m.s.toJSON()
	case *AMM:
		who, cfg = modelAMM, m.s
	case *BinaryAMM:
		who, cfg = modelBinaryAMM, m.a.s
	default:
		return "", nil, fmt.Errorf("learn: SameSettings: no settings form for a %T", l)
	}
	if err != nil {
		return "", nil, fmt.Errorf("learn: SameSettings: %s: %w", who, err)
	}
	return who, cfg, nil
}
