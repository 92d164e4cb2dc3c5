package state

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// keyEmbed is the link key of [Config.Embed]: embed=<origin>,<origin>….
const keyEmbed = "embed"

// Limits of [Config.Embed].
const (
	// MaxEmbedOrigins is the most origins an embed= list may name: a
	// course site and a few mirrors or test sites.
	MaxEmbedOrigins = 8
	// MaxOriginLen bounds one origin, bytes: "https://", a host name of
	// at most 253 bytes and ":65535".
	MaxOriginLen = 8 + 253 + 6
)

// ParseOrigin returns s as browsers write an origin (a MessageEvent's
// origin, location.origin), so that it can be compared with one as a
// string: the scheme "http" or "https" and the host in lower case, and the
// port only when it is not the scheme's default (80, 443) — so
// "HTTPS://Course.Example.org:443/" is "https://course.example.org". The
// host is a DNS name (ASCII letters, digits and '-' in dot-separated
// labels of at most 63 bytes; an international name in its "xn--" form),
// an IPv4 address or an IPv6 address in brackets as browsers write it
// (compressed, "[::1]": this function does not rewrite it). One trailing '/' is
// allowed; a path, query, fragment, user name or other scheme is an error
// saying what to write instead, as is "*" or "null" (a page that embeds
// kernelplay names itself). s is at most [MaxOriginLen] bytes.
func ParseOrigin(s string) (string, error) {
	if len(s) > MaxOriginLen {
		return "", fmt.Errorf("the origin %q is longer than %d characters", clip(s), MaxOriginLen)
	}
	want := "write an origin as https://host or https://host:port"
	if s == "*" || s == "null" {
		return "", fmt.Errorf("the origin %q names no site: %s", s, want)
	}
	scheme, rest, ok := strings.Cut(s, "://")
	scheme = strings.ToLower(scheme)
	if !ok || (scheme != "http" && scheme != "https") {
		return "", fmt.Errorf("the origin %q is not http:// or https://: %s", clip(s), want)
	}
	rest = strings.TrimSuffix(rest, "/")
	if i := strings.IndexAny(rest, "/?#@\\"); i >= 0 {
		return "", fmt.Errorf("the origin %q has a path, query, fragment or user name (%q): %s", clip(s), rest[i:i+1], want)
	}
	host, port := rest, ""
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return "", fmt.Errorf("the origin %q has an IPv6 address without its closing ']'", clip(s))
		}
		host, port = rest[:end+1], rest[end+1:]
		if port != "" && port[0] != ':' {
			return "", fmt.Errorf("the origin %q has text after its IPv6 address: %s", clip(s), want)
		}
		port = strings.TrimPrefix(port, ":")
		if err := checkIPv6(host[1:end]); err != nil {
			return "", fmt.Errorf("the origin %q: %w", clip(s), err)
		}
	} else if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		host, port = rest[:i], rest[i+1:]
		if err := checkHostName(host); err != nil {
			return "", fmt.Errorf("the origin %q: %w", clip(s), err)
		}
	} else if err := checkHostName(host); err != nil {
		return "", fmt.Errorf("the origin %q: %w", clip(s), err)
	}
	host = strings.ToLower(host)
	if port != "" || strings.HasSuffix(rest, ":") {
		p, err := strconv.Atoi(port)
		if err != nil || p < 1 || p > 65535 || strings.TrimLeft(port, "0123456789") != "" {
			return "", fmt.Errorf("the origin %q has the port %q: want a number from 1 to 65535", clip(s), port)
		}
		if (scheme == "http" && p == 80) || (scheme == "https" && p == 443) {
			port = ""
		} else {
			port = strconv.Itoa(p)
		}
	}
	o := scheme + "://" + host
	if port != "" {
		o += ":" + port
	}
	return o, nil
}

// checkHostName checks a DNS name or IPv4 address (the letters' case
// aside).
func checkHostName(h string) error {
	if h == "" {
		return errors.New("it has no host")
	}
	if len(h) > 253 {
		return errors.New("its host name is longer than 253 characters")
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 {
			return fmt.Errorf("its host %q has an empty label or one longer than 63 characters", clip(h))
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			switch {
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			case c == '-' && i > 0 && i < len(label)-1:
			default:
				if c >= 0x80 {
					return fmt.Errorf("its host %q is not ASCII: write an international name in its xn-- form", clip(h))
				}
				return fmt.Errorf("its host %q has the character %q", clip(h), string(rune(c)))
			}
		}
	}
	return nil
}

// checkIPv6 checks the text between an IPv6 address's brackets: hex
// digits, ':' and '.' (an embedded IPv4 address), 2 to 45 characters.
func checkIPv6(a string) error {
	if len(a) < 2 || len(a) > 45 || !strings.Contains(a, ":") {
		return fmt.Errorf("[%s] is not an IPv6 address", clip(a))
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == ':' || c == '.') {
			return fmt.Errorf("[%s] is not an IPv6 address", clip(a))
		}
	}
	return nil
}

// parseEmbed reads an embed= value: origins separated by ',', each read by
// [ParseOrigin], none twice, at most [MaxEmbedOrigins]. An empty value is
// no list.
func parseEmbed(v string) ([]string, error) {
	if v == "" {
		return nil, nil
	}
	parts := strings.Split(v, ",")
	if len(parts) > MaxEmbedOrigins {
		return nil, fmt.Errorf("%d origins: at most %d", len(parts), MaxEmbedOrigins)
	}
	var out []string
	for _, p := range parts {
		o, err := ParseOrigin(p)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, o) {
			return nil, fmt.Errorf("the origin %q appears twice", clip(o))
		}
		out = append(out, o)
	}
	return out, nil
}

// checkEmbed is [Config.Validate]'s check of Embed: each origin in the
// form [ParseOrigin] writes, none twice, at most [MaxEmbedOrigins].
func (c *Config) checkEmbed() error {
	if len(c.Embed) > MaxEmbedOrigins {
		return fmt.Errorf("the page may be embedded by at most %d origins, not %d", MaxEmbedOrigins, len(c.Embed))
	}
	for i, o := range c.Embed {
		p, err := ParseOrigin(o)
		if err != nil {
			return fmt.Errorf("embedding: %w", err)
		}
		if p != o {
			return fmt.Errorf("embedding: the origin %q is written %q by browsers", clip(o), clip(p))
		}
		if slices.Contains(c.Embed[:i], o) {
			return fmt.Errorf("embedding: the origin %q appears twice", clip(o))
		}
	}
	return nil
}
