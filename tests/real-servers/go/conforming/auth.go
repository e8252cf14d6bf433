package main

import (
	"crypto/subtle"
	"strings"
)

// authorized says whether the header carries the bearer scheme (any case) and the key.
func authorized(header string) bool {
	var scheme, token string
	if authParser == "fields" {
		scheme, token = fieldsToken(header)
	} else {
		scheme, token, _ = strings.Cut(header, " ")
	}
	return strings.EqualFold(scheme, "Bearer") &&
		subtle.ConstantTimeCompare([]byte(token), []byte(apiKey)) == 1
}

// fieldsToken is the first version's reading: it assumes a token follows the scheme.
func fieldsToken(header string) (string, string) {
	parts := strings.Fields(header)
	if len(parts) == 0 || !strings.EqualFold(parts[0], "Bearer") {
		return "", ""
	}
	return parts[0], parts[1] // panics on "Bearer " with nothing after it
}
