package state

import (
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

// origin reports whether s is an origin as browsers write it (a
// MessageEvent's origin, location.origin), so that it can be compared with
// one as a string: scheme://host or scheme://host:port, the scheme http or
// https, all in lower case, the port (a number from 1 to 65535, no leading
// zero) only when it is not the scheme's default (80, 443). The host is a
// DNS name or an IPv4 address (ASCII letters, digits, '-' and '.', neither
// first nor last; an international name in its "xn--" form) or an IPv6
// address in brackets as browsers write it (compressed: "[::1]"). Anything
// else — a path or a trailing '/', a query, a user name, capitals, another
// scheme, "*" or "null" (a page that embeds kernelplay names itself), more
// than [MaxOriginLen] bytes — is not. Nothing is rewritten: what is listed
// is what the page compares (a teacher copies the origin from the course
// page's address, as the link error says).
func origin(s string) bool {
	scheme, hostport, _ := strings.Cut(s, "://")
	host, port := hostport, ""
	if i := strings.LastIndexByte(hostport, ':'); i > strings.LastIndexByte(hostport, ']') {
		host, port = hostport[:i], hostport[i+1:]
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || port[0] < '1' || port[0] > '9' ||
			scheme == "http" && port == "80" || scheme == "https" && port == "443" {
			return false
		}
	}
	if len(s) > MaxOriginLen || scheme != "http" && scheme != "https" || host == "" || len(host) > 253 {
		return false
	}
	if v6, ok := strings.CutPrefix(host, "["); ok {
		// An IPv6 address: hex digits, ':' and '.' (an embedded IPv4
		// address).
		v6, ok = strings.CutSuffix(v6, "]")
		return ok && len(v6) >= 2 && len(v6) <= 45 && strings.Contains(v6, ":") && strings.Trim(v6, "0123456789abcdef:.") == ""
	}
	return strings.Trim(host, "abcdefghijklmnopqrstuvwxyz0123456789-.") == "" && strings.Trim(host, "-.") == host
}

// parseEmbed reads an embed= value: origins separated by ',', each one by
// [origin], none twice, at most [MaxEmbedOrigins]. An empty value is no
// list. The error (one message for every fault, to keep main.wasm small)
// names the first origin at fault and says how to write the list.
func parseEmbed(v string) ([]string, error) {
	if v == "" {
		return nil, nil
	}
	parts := strings.Split(v, ",")
	for i, p := range parts {
		if !origin(p) || i >= MaxEmbedOrigins || slices.Contains(parts[:i], p) {
			return nil, fmt.Errorf("link: embed=: %q is not an origin or is one too many: want up to %d origins as browsers write them (https://host or http://host:port, lower case, no path) and ','", clip(p), MaxEmbedOrigins)
		}
	}
	return parts, nil
}
