// Package storagetest holds what the tests of the game's files share: a
// key-value store in memory for storage.KeyStorage.
package storagetest

// MapValues is storage.KeyValues in memory, as a browser's local storage.
type MapValues map[string][]byte

// Get returns the value under key, and whether there is one.
func (m MapValues) Get(key string) ([]byte, bool) { v, ok := m[key]; return v, ok }

// Set keeps a copy of value under key.
func (m MapValues) Set(key string, value []byte) error {
	m[key] = append([]byte(nil), value...)
	return nil
}

// Remove removes the value under key.
func (m MapValues) Remove(key string) { delete(m, key) }
