package state

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Version is the link format's version, the hash's first segment ("v1").
const Version = "v1"

// MaxHashLen bounds the length of a hash Decode reads (64 KiB; MaxPoints
// points take about 10 KB, MaxEvents clicks about 19 KB).
const MaxHashLen = 1 << 16

// Keys of the two entries that are not [Fields].
const (
	keyPoints    = "pts"
	keyHide      = "h"
	keyEvents    = "ev"
	keyAt        = "at"
	keyGenerated = "gen"
	keyPresenter = "pm"
)

// pointBits is the size of one packed point: 14 bits per coordinate
// (q = round(v·Quantum) + Quantum ∈ [0, 2·Quantum]) and 3 for the class.
const (
	coordBits = 14
	classBits = 3
	pointBits = 2*coordBits + classBits
)

// Encode returns the URL hash (without '#') holding every field of c:
//
//	v1&mode=2d&t=binary&p=moons&…&play=1&pts=<points>&h=<keys>
//
// Settings appear in [Fields] order as key=value, numbers in their
// shortest exact decimal form ([Format]); a second learner's setting
// (2s=…, second.go) only where it differs from the first learner's. Then gen (Generated, only when
// it is not what Decode infers: on without clicked points, off with them),
// ev (the events, see encodeEvents) and at (the step to open at, if any). Points (if any) are packed 31 bits
// each — x and y as 14-bit multiples of 1/Quantum, the class in 3 bits — and
// written in unpadded base64url; they are quantised first (see [Quantize]),
// so Decode(Encode(c)) == c exactly when c's points are already quantised,
// as [Apply] keeps them. pm=1 marks presenter mode (only when on). Hide
// (if any) is the hidden keys joined by '.', and embed (if any) the origins
// allowed to drive the page ([Config.Embed]) joined by ','; quiz (only
// when on: "1", or the score "3-5") and lesson (the lesson's name, and
// ".<step>" after its first step) are the teaching modes (quiz.go).
// Encode does not validate c.
func Encode(c Config) string {
	var b strings.Builder
	b.WriteString(Version)
	for i := range Fields {
		f := &Fields[i]
		if f.second && sameAsFirst(f, &c) {
			continue // Decode gives it the first learner's value
		}
		b.WriteByte('&')
		b.WriteString(f.Key)
		b.WriteByte('=')
		b.WriteString(f.get(&c))
	}
	if len(c.Points) > 0 {
		b.WriteString("&" + keyPoints + "=")
		b.WriteString(encodePoints(c.Points))
	}
	if c.Generated != (len(c.Points) == 0) {
		b.WriteString("&" + keyGenerated + "=" + fmtBool(c.Generated))
	}
	if len(c.Events) > 0 {
		b.WriteString("&" + keyEvents + "=")
		b.WriteString(encodeEvents(c.Events))
	}
	if c.At > 0 {
		b.WriteString("&" + keyAt + "=" + strconv.Itoa(c.At))
	}
	if c.Presenter {
		b.WriteString("&" + keyPresenter + "=1")
	}
	if len(c.Hide) > 0 {
		b.WriteString("&" + keyHide + "=")
		b.WriteString(strings.Join(c.Hide, "."))
	}
	if len(c.Embed) > 0 {
		b.WriteString("&" + keyEmbed + "=")
		b.WriteString(strings.Join(c.Embed, ","))
	}
	if c.Quiz.On {
		b.WriteString("&" + keyQuiz + "=" + encodeQuiz(c.Quiz))
	}
	if c.Lesson != "" {
		b.WriteString("&" + keyLesson + "=" + encodeLesson(c.Lesson, c.LessonStep))
	}
	return b.String()
}

// Decode reads a hash written by [Encode] (a leading '#' is allowed; an
// empty hash gives [Default]). It takes the hash already %-unescaped: the
// page undoes the escapes a browser or chat app may put in a link with the
// browser's decodeURIComponent (ui/store.go), so this package needs no
// net/url; a '%' left in hash is an ordinary character, which no key or
// value accepts. Missing settings take their [Default] value,
// so hand-written short links work; empty segments ("&&", a trailing '&')
// are skipped. It returns an error — with a message a
// user can act on, naming the setting — for a wrong version, a malformed,
// unknown or repeated setting, corrupt points, or a configuration that
// fails [Config.Validate] or whose [Encode] would be longer than
// [MaxHashLen] (the edits' values are read in their canonical form, the
// one Encode writes: "0.5000" is "0.5", so Encode(Decode(h)) stays within
// the limit and decodes to the same Config). Decode never panics.
func Decode(hash string) (Config, error) {
	hash = strings.TrimPrefix(hash, "#")
	if len(hash) > MaxHashLen {
		return Config{}, fmt.Errorf("link: the link is %d characters long, more than the %d allowed", len(hash), MaxHashLen)
	}
	if hash == "" {
		return Default(), nil
	}
	parts := strings.Split(hash, "&")
	if parts[0] != Version {
		if strings.Contains(parts[0], "=") {
			return Config{}, fmt.Errorf("link: the link does not start with the version %q", Version)
		}
		return Config{}, fmt.Errorf("link: unsupported link version %q (this page reads %q)", clip(parts[0]), Version)
	}
	c := linkBase(parts[1:])
	seen := make(map[string]bool, len(parts))
	for _, part := range parts[1:] {
		if part == "" {
			continue // "a&&b" or a trailing '&', as links get pasted
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return Config{}, fmt.Errorf("link: malformed setting %q: want key=value", clip(part))
		}
		if seen[k] {
			return Config{}, fmt.Errorf("link: setting %q appears twice", clip(k))
		}
		seen[k] = true
		switch k {
		case keyPoints:
			pts, err := decodePoints(v)
			if err != nil {
				return Config{}, fmt.Errorf("link: clicked points: %w", err)
			}
			c.Points = pts
		case keyHide:
			if v != "" {
				c.Hide = strings.Split(v, ".")
				// A repeated hidden key would survive Decode and make
				// Encode's link longer than needed: "h=s.s.s…" near
				// MaxHashLen re-encodes past it.
				hidden := make(map[string]bool, len(c.Hide))
				for _, h := range c.Hide {
					if hidden[h] {
						return Config{}, fmt.Errorf("link: hidden control %q appears twice", clip(h))
					}
					hidden[h] = true
				}
			}
		case keyEmbed:
			origins, err := parseEmbed(v)
			if err != nil {
				return Config{}, err
			}
			c.Embed = origins
		case keyQuiz:
			q, err := parseQuiz(v)
			if err != nil {
				return Config{}, err
			}
			c.Quiz = q
		case keyLesson:
			name, step, err := parseLesson(v)
			if err != nil {
				return Config{}, err
			}
			c.Lesson, c.LessonStep = name, step
		case keyPresenter:
			pm, err := parseBool(v)
			if err != nil {
				return Config{}, fmt.Errorf("link: presenter mode (pm=…): %w", err)
			}
			c.Presenter = pm
		case keyGenerated:
			g, err := parseBool(v)
			if err != nil {
				return Config{}, fmt.Errorf("link: generated data (gen=…): %w", err)
			}
			c.Generated = g
		case keyEvents:
			evs, err := decodeEvents(v)
			if err != nil {
				return Config{}, fmt.Errorf("link: edits: %w", err)
			}
			c.Events = evs
		case keyAt:
			at, err := strconv.Atoi(v)
			if err != nil || at < 0 || at > MaxStep {
				return Config{}, fmt.Errorf("link: step at=%s: want a whole number from 0 to %d", clip(v), MaxStep)
			}
			c.At = at
		default:
			f, ok := FieldByKey(k)
			if !ok {
				return Config{}, fmt.Errorf("link: unknown setting %q", clip(k))
			}
			if err := f.set(&c, v); err != nil {
				return Config{}, fmt.Errorf("link: %s (%s=…): %w", f.title(), k, err)
			}
		}
	}
	fillSecond(&c, seen)
	if !seen[keyGenerated] {
		// Links without "gen" (all links before the timeline): clicked
		// points replaced the generator.
		c.Generated = len(c.Points) == 0
	}
	if IsRESvsSGD(c) {
		// The preset runs RES (and SGD beside it), whatever learner and
		// task a hand-written link names (p=res-vs-sgd alone): the learner
		// and task menus say so, as when the preset is chosen (SetPreset).
		c.Learner, c.Task = LearnerRES, TaskBinary
	}
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("link: %w", err)
	}
	// The page shares Encode(c), which writes every setting: a link that
	// decodes must re-encode within MaxHashLen, or the page's own share
	// link would be refused. Edit values are canonical (decodeEvents), so
	// this refuses only links packed to the limit with short forms.
	if n := len(Encode(c)); n > MaxHashLen {
		return Config{}, fmt.Errorf("link: written in full it would be %d characters long, more than the %d allowed", n, MaxHashLen)
	}
	return c, nil
}

// linkBase is the configuration a hand-written link's missing settings are
// taken from: [Default], or for mode=digits the digits demo
// ([DigitsDefault]) with the defaults of the digit set the link names
// (ds=…, [DataDefaults]) or the paper figure's preset (fig=…). So
// "v1&mode=digits&ds=mnist" runs with MNIST's σ, not the 2D plot's.
func linkBase(parts []string) Config {
	vals := map[string]string{}
	for _, p := range parts {
		if k, v, ok := strings.Cut(p, "="); ok {
			if _, dup := vals[k]; !dup {
				vals[k] = v
			}
		}
	}
	if vals["mode"] != ModeDigits {
		return Default()
	}
	if f, ok := FigurePreset(vals["fig"]); ok {
		return f
	}
	c := DigitsDefault()
	if ds, ok := vals["ds"]; ok {
		c.Data = ds
		dataDefaults(&c)
	}
	return c
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}

// quant returns round(v·Quantum) + Quantum clamped to [0, 2·Quantum].
func quant(v float64) uint64 {
	if math.IsNaN(v) {
		return Quantum
	}
	return uint64(max(0, min(2*Quantum, math.Round(v*Quantum)+Quantum)))
}

// encodePoints packs pts, big-endian bit order, into unpadded base64url.
func encodePoints(pts []Point) string {
	buf := make([]byte, (len(pts)*pointBits+7)/8)
	var acc uint64
	nacc, nb := 0, 0
	for _, p := range pts {
		cls := uint64(p.Class) & (1<<classBits - 1)
		acc = acc<<pointBits | quant(p.X)<<(coordBits+classBits) | quant(p.Y)<<classBits | cls
		nacc += pointBits
		for nacc >= 8 {
			buf[nb] = byte(acc >> (nacc - 8))
			nb++
			nacc -= 8
		}
	}
	if nacc > 0 {
		buf[nb] = byte(acc << (8 - nacc))
	}
	return base64.RawURLEncoding.EncodeToString(buf)
}

// decodePoints inverts encodePoints, rejecting anything encodePoints could
// not have written.
func decodePoints(s string) ([]Point, error) {
	if s == "" {
		return nil, nil
	}
	if len(s) > (MaxPoints*pointBits+5)/6+1 {
		return nil, fmt.Errorf("more than %d points", MaxPoints)
	}
	// The decoder skips '\r' and '\n'; a link must not hold them.
	buf, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || strings.ContainsAny(s, "\r\n") {
		return nil, errors.New("the points data is corrupt (not base64url)")
	}
	n := len(buf) * 8 / pointBits
	if n == 0 || (n*pointBits+7)/8 != len(buf) {
		return nil, errors.New("the points data is truncated")
	}
	pts := make([]Point, n)
	var acc uint64
	nacc, nb := 0, 0
	for i := range pts {
		for nacc < pointBits {
			acc = acc<<8 | uint64(buf[nb])
			nb++
			nacc += 8
		}
		v := acc >> (nacc - pointBits) & (1<<pointBits - 1)
		nacc -= pointBits
		qx := v >> (coordBits + classBits)
		qy := v >> classBits & (1<<coordBits - 1)
		if qx > 2*Quantum || qy > 2*Quantum {
			return nil, fmt.Errorf("point %d lies outside the square", i+1)
		}
		pts[i] = Point{
			X:     float64(int(qx)-Quantum) / Quantum,
			Y:     float64(int(qy)-Quantum) / Quantum,
			Class: int(v & (1<<classBits - 1)),
		}
	}
	if acc&(1<<nacc-1) != 0 {
		return nil, errors.New("the points data has stray trailing bits")
	}
	return pts, nil
}
