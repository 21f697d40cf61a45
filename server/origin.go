package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"hexfire/remote"
)

// originSet checks Options.Origins, each an origin as a browser sends it
// (http:// or https://, a host and perhaps a port, nothing else), and
// returns them as a set, in lower case as browsers write them.
func originSet(origins []string) (map[string]bool, error) {
	set := make(map[string]bool, len(origins))
	for _, o := range origins {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Scheme+"://"+u.Host != o {
			return nil, fmt.Errorf("server: origin %q: want http://HOST[:PORT] or https://HOST[:PORT], nothing after", o)
		}
		set[strings.ToLower(o)] = true
	}
	return set, nil
}

// otherOrigin reports whether r comes from a page of one of the origins
// the server lets in (Options.Origins), not its own. A request with no
// Origin header is no page's script, and one from the server's own
// origin needs no leave.
func (s *Server) otherOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	return origin != "" && s.origins[strings.ToLower(origin)]
}

// cors lets the scripts of the pages of Options.Origins read the answers
// of next and send it what a client sends (a bearer token, JSON): it
// answers their preflight requests and names their origin in every
// answer to them. A page of any other origin is told nothing, so its
// browser keeps the answer from it. No cookie is ever asked for: a
// client's only credential is the token it sends.
func (s *Server) cors(next http.Handler) http.Handler {
	if len(s.origins) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Add("Vary", "Origin")
		if s.otherOrigin(r) {
			h.Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
			h.Set("Access-Control-Expose-Headers", remote.SaveKindHeader)
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST")
				h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
