package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sort"
	"strconv"
	"sync"
	"unicode/utf8"
)

type Pet struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	CategoryID int64  `json:"categoryId"`
	Status     string `json:"status"`
}

var (
	mu       sync.Mutex
	pets     = map[int64]Pet{}
	statuses = map[string]bool{"available": true, "pending": true, "sold": true}
)

func listPets(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	limit := 20
	if query.Has("limit") {
		n, err := strconv.Atoi(query.Get("limit"))
		if err != nil || n < 1 || n > 100 {
			writeError(w, 400, "limit must be an integer from 1 to 100")
			return
		}
		limit = n
	}
	status := query.Get("status")
	if query.Has("status") && !statuses[status] {
		writeError(w, 400, "status must be available, pending or sold")
		return
	}
	found := []Pet{}
	mu.Lock()
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
	writeJSON(w, 200, found)
}

// readNewPet decodes the body field by field: encoding/json alone would match keys in any
// case ("NAME"), take null for "", stop at the end of the first value, and read bytes that
// are not UTF-8 as U+FFFD, so they are refused first.
func readNewPet(body io.Reader) (Pet, string) {
	text, err := io.ReadAll(body)
	if err != nil {
		return Pet{}, "the body could not be read: " + err.Error()
	}
	if !utf8.Valid(text) {
		return Pet{}, "the body must be UTF-8 JSON text"
	}
	var fields map[string]json.RawMessage
	decoder := json.NewDecoder(bytes.NewReader(text))
	if err := decoder.Decode(&fields); err != nil || fields == nil {
		return Pet{}, "the body must be a JSON object"
	}
	if _, err := decoder.Token(); err != io.EOF {
		return Pet{}, "the body must hold one JSON object and nothing else"
	}
	pet := Pet{Status: "available"}
	raw, ok := fields["name"]
	if !ok || len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &pet.Name) != nil {
		return Pet{}, "name is required and must be a string"
	}
	if maxName > 0 && utf8.RuneCountInString(pet.Name) > maxName {
		return Pet{}, "name must be at most " + strconv.Itoa(maxName) + " characters"
	}
	raw, ok = fields["categoryId"]
	if !ok || json.Unmarshal(raw, &pet.CategoryID) != nil || string(raw) == "null" {
		return Pet{}, "categoryId is required and must be an int64 integer"
	}
	if raw, ok = fields["status"]; ok {
		if string(raw) == "null" || json.Unmarshal(raw, &pet.Status) != nil || !statuses[pet.Status] {
			return Pet{}, "status must be available, pending or sold"
		}
	}
	return pet, ""
}

// createPet reads the body as JSON whatever its Content-Type, as net/http code does: the
// interface does not say what a server does with a body under another media type.
func createPet(w http.ResponseWriter, r *http.Request) {
	pet, problem := readNewPet(http.MaxBytesReader(w, r.Body, 64<<10))
	if problem != "" {
		writeError(w, 400, problem)
		return
	}
	mu.Lock()
	pet.ID = int64(len(pets) + 1)
	pets[pet.ID] = pet
	mu.Unlock()
	writeJSON(w, 201, pet)
}

func getPet(w http.ResponseWriter, text string) {
	id, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		writeError(w, 400, "petId must be an int64 integer, got "+strconv.Quote(text))
		return
	}
	mu.Lock()
	pet, ok := pets[id]
	mu.Unlock()
	if !ok {
		writeError(w, 404, "no pet with id "+text)
		return
	}
	writeJSON(w, 200, pet)
}
