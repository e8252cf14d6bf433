// The Pet Store as a Go team writes it first with the standard library: routes by hand
// (Go 1.19's ServeMux has no method patterns), encoding/json straight into a struct, and
// http.Error's plain-text bodies for every error.
//
// Run: go run . -port PORT -api-key KEY
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
)

type Pet struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	CategoryID int64  `json:"categoryId"`
	Status     string `json:"status,omitempty"`
}

var (
	mu     sync.Mutex
	pets   = map[int64]Pet{}
	apiKey string
)

func main() {
	port := flag.Int("port", 8080, "port to listen on")
	flag.StringVar(&apiKey, "api-key", "dev-key", "the accepted API key")
	flag.Parse()
	http.HandleFunc("/v1/pets", petsHandler)
	http.HandleFunc("/v1/pets/", petHandler)
	log.Fatal(http.ListenAndServe(fmt.Sprintf("127.0.0.1:%d", *port), nil))
}

func authorized(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("Authorization") != "Bearer "+apiKey {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, value any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(value)
}

func petsHandler(w http.ResponseWriter, r *http.Request) {
	if !authorized(w, r) {
		return
	}
	switch r.Method {
	case http.MethodGet:
		limit := 20
		if s := r.URL.Query().Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 100 {
				http.Error(w, "invalid limit", http.StatusBadRequest)
				return
			}
			limit = n
		}
		status := r.URL.Query().Get("status")
		mu.Lock()
		found := []Pet{}
		for _, pet := range pets {
			if status == "" || pet.Status == status {
				found = append(found, pet)
			}
		}
		mu.Unlock()
		sort.Slice(found, func(i, j int) bool { return found[i].ID < found[j].ID })
		if len(found) > limit {
			found = found[:limit]
		}
		writeJSON(w, http.StatusOK, found)
	case http.MethodPost:
		var pet Pet
		if err := json.NewDecoder(r.Body).Decode(&pet); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if pet.Name == "" {
			http.Error(w, "name is required", http.StatusBadRequest)
			return
		}
		if pet.Status == "" {
			pet.Status = "available"
		}
		mu.Lock()
		pet.ID = int64(len(pets) + 1)
		pets[pet.ID] = pet
		mu.Unlock()
		writeJSON(w, http.StatusCreated, pet)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func petHandler(w http.ResponseWriter, r *http.Request) {
	if !authorized(w, r) {
		return
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, "/v1/pets/"), 10, 64)
	if err != nil {
		http.Error(w, "invalid pet id", http.StatusBadRequest)
		return
	}
	mu.Lock()
	pet, ok := pets[id]
	mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	writeJSON(w, http.StatusOK, pet)
}
