package inspect

import (
	"strings"

	"kernelplay/ui/render"
)

// A tiny MathML Core writer. Every function returns a complete element, so
// the output is well formed by construction; text is escaped by esc. Only
// the elements of mathElements are written.

// mathElements are the MathML Core elements the package writes.
var mathElements = []string{"math", "mrow", "mi", "mn", "mo", "msub", "msup", "mfrac", "mtext"}

// esc escapes s for XML text and attribute values: & < > " ' as &amp;
// &lt; &gt; &quot; &#39;. A loop rather than a strings.Replacer, which links
// every kind of replacer into main.wasm for this one use.
func esc(s string) string {
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func elem(name, body string) string { return "<" + name + ">" + body + "</" + name + ">" }

// mi is an identifier (a symbol such as η or f).
func mi(s string) string { return elem("mi", esc(s)) }

// mo is an operator or fence.
func mo(s string) string { return elem("mo", esc(s)) }

// mtext is prose inside a formula.
func mtext(s string) string { return elem("mtext", esc(s)) }

// mn is the number v as render.FormatValue writes it (three significant
// digits, U+2212 minus).
func mn(v float64) string { return elem("mn", esc(render.FormatValue(v, false))) }

// count is the whole number v.
func count(v int) string { return elem("mn", esc(render.FormatValue(float64(v), true))) }

// num is mn(v), in parentheses when negative (a factor of a product).
func num(v float64) string {
	if v < 0 {
		return row(mo("("), mn(v), mo(")"))
	}
	return mn(v)
}

// lab is a label or target: a whole number as such (y_t = −1, not −1.00),
// otherwise as mn; in parentheses when negative.
func lab(v float64) string {
	if v == float64(int64(v)) {
		n := elem("mn", esc(render.FormatValue(v, true)))
		if v < 0 {
			return row(mo("("), n, mo(")"))
		}
		return n
	}
	return num(v)
}

// row groups its parts.
func row(parts ...string) string { return elem("mrow", strings.Join(parts, "")) }

func sub(base, s string) string   { return elem("msub", base+s) }
func sup(base, s string) string   { return elem("msup", base+s) }
func frac(num, den string) string { return elem("mfrac", num+den) }

// sym is the identifier name with a subscript written as identifiers and
// operators, e.g. sym("η", "t−1").
func sym(name, subscript string) string {
	if subscript == "" {
		return mi(name)
	}
	return sub(mi(name), subText(subscript))
}

// subText writes a subscript such as "t", "t−1", "ε,t" or "t+1": letters as
// mi, digits as mn, the rest as mo.
func subText(s string) string {
	var parts []string
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			parts = append(parts, elem("mn", string(r)))
		case r == '−' || r == '+' || r == ',':
			parts = append(parts, mo(string(r)))
		default:
			parts = append(parts, mi(string(r)))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return row(parts...)
}

// call is name(args), e.g. call(mi("max"), ...).
func call(name string, args ...string) string {
	parts := []string{name, mo("(")}
	for i, a := range args {
		if i > 0 {
			parts = append(parts, mo(","))
		}
		parts = append(parts, a)
	}
	return row(append(parts, mo(")"))...)
}

// half is ½.
func half() string { return frac(elem("mn", "1"), elem("mn", "2")) }

// eq writes lhs = rhs₁ = rhs₂ …, skipping empty parts.
func eq(lhs string, rhs ...string) string {
	parts := []string{lhs}
	for _, r := range rhs {
		if r != "" {
			parts = append(parts, mo("="), r)
		}
	}
	return row(parts...)
}

// display wraps a display formula (the root element).
func display(parts ...string) string {
	return `<math display="block">` + row(parts...) + `</math>`
}

// sp separates two formulas, or a formula and prose, with an em space. The
// page lays a formula's parts out as wrapping flex items spaced by the
// container's gap, so it hides sp there (a space at the start of a wrapped
// line would indent it) except after an equation number, where it ends the
// line (style.css, .imath .sp).
func sp() string { return `<mtext class="sp">` + "\u2003" + `</mtext>` }

// eqno is a paper's equation number, "(n)", that the page sets at the right
// end of its equation's line (style.css, .imath .eqno).
func eqno(n string) string { return `<mtext class="eqno">(` + esc(n) + `)</mtext>` }

// mathClasses are the values of the class attribute the writer puts on
// elements ([sp], [eqno], [letter]); nothing else carries an attribute but the root.
var mathClasses = []string{"sp", "eqno", "letter"}

// letter says once which letter a paper writes for one of the page's
// symbols, e.g. letter("λ: c in JMLR") is "(λ: c in JMLR)" in small text:
// the inspector writes the page's symbols (λ the regularizer, ρ SVMD's
// trace decay, ε the margin, ξ_t the loss's derivative) and names the
// paper's letter beside their first use in a step.
func letter(note string) string {
	return `<mtext class="letter">(` + esc(note) + `)</mtext>`
}

// m writes the formula f, a template in a small prefix notation, with the
// holes (MathML already written, e.g. by mn) in the order of its #s. The
// notation names the writer's functions above, so a template writes what
// the same calls would, byte for byte; the formulas are data (one string
// each) rather than code (a call per symbol), which keeps main.wasm smaller.
// Tokens are separated by spaces:
//
//	[op a b …]  row, eq (a = b = …, empty parts skipped), call (a(b, …),
//	            a = . for none), sub, sup, frac (of a and b)
//	#           the next hole ("" when there are no more)
//	.           nothing
//	~           sp
//	½           half
//	'X          mo(X), e.g. '= '( '∑
//	"text"      mtext(text) (to the next ")
//	{p: q}      letter("p: q") (to the next })
//	(n)         eqno(n)
//	123         a constant number (digits only)
//	X_s         sym(X, s), e.g. η_t−1 (the first _ splits)
//	X           mi(X)
//
// The top level is a sequence: m returns its parts concatenated. Reading
// stops at the end of f (an unclosed [ ends there), so any f takes time
// linear in its length; a template that is not in this notation writes
// something else, never panics (the golden tests pin every template's
// output).
func m(f string, holes ...string) string {
	p := tmplReader{s: f, holes: holes}
	var b strings.Builder
	for {
		tok, ok := p.next()
		if !ok {
			return b.String()
		}
		b.WriteString(p.node(tok))
	}
}

// tmplReader reads a template of m.
type tmplReader struct {
	s     string
	i     int
	holes []string
}

// next returns the next token: [ and ] alone, "…" and {…} whole, else up
// to a space or ]; false at the end.
func (p *tmplReader) next() (string, bool) {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
	if p.i >= len(p.s) {
		return "", false
	}
	start := p.i
	switch c := p.s[p.i]; c {
	case '[', ']':
		p.i++
	case '"', '{':
		end := byte('"')
		if c == '{' {
			end = '}'
		}
		p.i++
		for p.i < len(p.s) && p.s[p.i] != end {
			p.i++
		}
		p.i = min(p.i+1, len(p.s))
	default:
		for p.i < len(p.s) && p.s[p.i] != ' ' && p.s[p.i] != ']' {
			p.i++
		}
	}
	return p.s[start:p.i], true
}

// node writes the node that starts with tok.
func (p *tmplReader) node(tok string) string {
	switch {
	case tok == "[":
		return p.form()
	case tok == "#":
		if len(p.holes) == 0 {
			return ""
		}
		h := p.holes[0]
		p.holes = p.holes[1:]
		return h
	case tok == "." || tok == "]":
		return ""
	case tok == "~":
		return sp()
	case tok == "½":
		return half()
	case tok[0] == '\'':
		return mo(tok[1:])
	case tok[0] == '"':
		return mtext(strings.Trim(tok, `"`))
	case tok[0] == '{':
		return letter(strings.Trim(tok, "{}"))
	case tok[0] == '(' && len(tok) > 2 && tok[len(tok)-1] == ')':
		return eqno(tok[1 : len(tok)-1])
	case tok[0] >= '0' && tok[0] <= '9':
		return elem("mn", esc(tok))
	}
	if k := strings.IndexByte(tok, '_'); k > 0 {
		return sym(tok[:k], tok[k+1:])
	}
	return mi(tok)
}

// form writes [op a b …] after its [.
func (p *tmplReader) form() string {
	op, _ := p.next()
	var args []string
	for {
		tok, ok := p.next()
		if !ok || tok == "]" {
			break
		}
		args = append(args, p.node(tok))
	}
	for len(args) < 2 {
		args = append(args, "")
	}
	switch op {
	case "eq":
		return eq(args[0], args[1:]...)
	case "call":
		return call(args[0], args[1:]...)
	case "sub":
		return sub(args[0], args[1])
	case "sup":
		return sup(args[0], args[1])
	case "frac":
		return frac(args[0], args[1])
	}
	return row(args...)
}
