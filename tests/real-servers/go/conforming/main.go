// The Pet Store as a Go team finishes it with the standard library: routes by hand, every
// error the interface's Error object, 401 on a missing or invalid bearer key, 400 for
// invalid input, and strconv.ParseInt for petId (so "+1" and "01" mean 1, a team's choice
// where the interface is silent). Idle kept-alive connections close after 1 s.
//
// Run: go run . -port PORT -api-key KEY [-max-name 20] [-auth fields]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"strings"
	"time"
)

var (
	apiKey  string
	maxName int
	// "fields" reads the token with strings.Fields, which panics on "Bearer " (a known bug
	// kept as a variant: net/http then drops the connection without an answer).
	authParser string
)

var codes = map[int]string{
	400: "validation_failed", 401: "unauthorized", 404: "not_found",
	405: "method_not_allowed", 413: "payload_too_large",
}

func writeJSON(w http.ResponseWriter, status int, value any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(value)
}

func writeError(w http.ResponseWriter, status int, message string) {
	code, ok := codes[status]
	if !ok {
		code = "internal_error"
	}
	writeJSON(w, status, map[string]any{"code": code, "message": message, "status": status})
}

func route(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if !strings.HasPrefix(path, "/v1/") {
		writeError(w, 404, "no route "+path)
		return
	}
	if !authorized(r.Header.Get("Authorization")) {
		writeError(w, 401, "send Authorization: Bearer <API key>")
		return
	}
	switch {
	case path == "/v1/pets" && r.Method == http.MethodGet:
		listPets(w, r)
	case path == "/v1/pets" && r.Method == http.MethodPost:
		createPet(w, r)
	case strings.HasPrefix(path, "/v1/pets/") && !strings.Contains(path[9:], "/"):
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			writeError(w, 405, r.Method+" is not allowed here")
			return
		}
		getPet(w, path[9:])
	case path == "/v1/pets":
		w.Header().Set("Allow", "GET, POST")
		writeError(w, 405, r.Method+" is not allowed here")
	default:
		writeError(w, 404, "no route "+path)
	}
}

func main() {
	port := flag.Int("port", 8080, "port to listen on")
	flag.StringVar(&apiKey, "api-key", "dev-key", "the accepted API key")
	flag.IntVar(&maxName, "max-name", 0, "longest name accepted, in characters (0: no limit)")
	flag.StringVar(&authParser, "auth", "strict", "how the bearer token is read: strict or fields")
	flag.Parse()
	server := &http.Server{
		Addr:              fmt.Sprintf("127.0.0.1:%d", *port),
		Handler:           http.HandlerFunc(route),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       time.Second,
	}
	log.Fatal(server.ListenAndServe())
}
