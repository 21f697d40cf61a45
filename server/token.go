package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"fmt"
)

// tokenBytes is the length of a seat token's random value: 256 bits,
// beyond any guessing.
const tokenBytes = 32

// newToken returns a new seat token (base64url, no padding) and the
// SHA-256 hash that is all the server keeps of it.
func newToken() (token string, hash []byte, err error) {
	var raw [tokenBytes]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", nil, fmt.Errorf("server: a seat token's random bytes: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(raw[:])
	return token, hashToken(token), nil
}

// hashToken is the stored form of a presented token.
func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// tokenKey is the part of a token's hash the server finds a seat by; the
// whole hash is then compared in constant time (tokenMatches), so the
// time a lookup takes tells nothing of the rest of a stored hash.
type tokenKey [8]byte

// keyOf is the key of hash.
func keyOf(hash []byte) tokenKey {
	var k tokenKey
	copy(k[:], hash)
	return k
}

// tokenMatches reports whether hash is the stored hash of a seat.
func tokenMatches(hash, stored []byte) bool {
	return len(stored) == sha256.Size && subtle.ConstantTimeCompare(hash, stored) == 1
}

// newSeed returns a battle's seed from crypto/rand: neither player can
// predict the dice.
func newSeed() (uint64, error) {
	var raw [8]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return 0, fmt.Errorf("server: a battle's seed: %w", err)
	}
	return binary.LittleEndian.Uint64(raw[:]), nil
}
