package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/maps"
	"hexfire/units"
)

// Storage keeps the game's files by name: the settings, the autosave, the
// last replay and the saves. On a desktop they are files in the user's
// config directory (storage_file.go); in a browser, entries of its local
// storage (storage_js.go over keyStorage).
type Storage interface {
	// Where names the file in a message to the player: its path, or where
	// the browser keeps it.
	Where(name string) string
	// Read returns the file's bytes, or an error wrapping fs.ErrNotExist
	// when there is none.
	Read(name string) ([]byte, error)
	// Write replaces the file's bytes at once: a failed write leaves the
	// old bytes in place.
	Write(name string, data []byte) error
	// Remove removes the file; one that is not there is no error.
	Remove(name string) error
	// ReadSave reads and checks a save file without replaying it.
	ReadSave(name string) (battle.Save, error)
	// WriteSave writes battle b's save file.
	WriteSave(b *battle.Battle, name string) error
}

// StoredPrefix marks a scenario source kept in the game's Storage (a map
// the player picked in a browser) rather than on disk or embedded.
const StoredPrefix = "stored:"

// maxStoredBytes bounds one value of a keyStorage: the browsers' local
// storage holds about 5 MB an origin, and a save is read with
// battle.MaxSaveBytes as its limit on disk.
const maxStoredBytes = battle.MaxSaveBytes

// keyValues is a store of byte values by key: a browser's local storage,
// or a map in tests.
type keyValues interface {
	get(key string) ([]byte, bool)
	set(key string, value []byte) error
	remove(key string)
}

// keyStorage is a Storage over a key-value store, each file a value under
// "hexfire/" and its name. Saves name their scenario as battle.Save does
// ("embedded:PATH", or StoredPrefix and a name in the same store).
type keyStorage struct{ kv keyValues }

// keyPrefix starts every key Hexfire writes, so other pages of the same
// origin keep their own.
const keyPrefix = "hexfire/"

func (s keyStorage) Where(name string) string { return "browser storage: " + name }

func (s keyStorage) Read(name string) ([]byte, error) {
	data, ok := s.kv.get(keyPrefix + name)
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: s.Where(name), Err: fs.ErrNotExist}
	}
	if len(data) > maxStoredBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than %d", s.Where(name), len(data), maxStoredBytes)
	}
	return data, nil
}

func (s keyStorage) Write(name string, data []byte) error {
	if err := s.kv.set(keyPrefix+name, data); err != nil {
		return fmt.Errorf("%s: %w", s.Where(name), err)
	}
	return nil
}

func (s keyStorage) Remove(name string) error {
	s.kv.remove(keyPrefix + name)
	return nil
}

func (s keyStorage) ReadSave(name string) (battle.Save, error) {
	data, err := s.Read(name)
	if err != nil {
		return battle.Save{}, err
	}
	sv, err := battle.ParseSave(data)
	if err != nil {
		return battle.Save{}, fmt.Errorf("load %s: %w", s.Where(name), err)
	}
	return sv, nil
}

func (s keyStorage) WriteSave(b *battle.Battle, name string) error {
	data, err := json.MarshalIndent(b.Save(), "", "  ")
	if err == nil {
		err = s.Write(name, append(data, '\n'))
	}
	if err != nil {
		return fmt.Errorf("save %s: %w", s.Where(name), err)
	}
	return nil
}

// storageFS shows a Storage as a file system for the map loader: a name
// that is not stored is looked up in the embedded assets, so a map picked
// in a browser finds the tilesets it shares with the embedded scenarios
// ("../tiles/hexfire-flat.tsx" from "scenarios/").
type storageFS struct{ s Storage }

func (f storageFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	data, err := f.s.Read(name)
	if errors.Is(err, fs.ErrNotExist) {
		return assets.FS.Open(name)
	}
	if err != nil {
		return nil, err
	}
	return &storedFile{name: path.Base(name), Reader: bytes.NewReader(data), size: int64(len(data))}, nil
}

// storedFile is one stored value opened for reading.
type storedFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *storedFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *storedFile) Close() error               { return nil }
func (f *storedFile) Name() string               { return f.name }
func (f *storedFile) Size() int64                { return f.size }
func (f *storedFile) Mode() fs.FileMode          { return 0o444 }
func (f *storedFile) ModTime() time.Time         { return time.Time{} }
func (f *storedFile) IsDir() bool                { return false }
func (f *storedFile) Sys() any                   { return nil }

// openScenario opens a scenario source: StoredPrefix and a name in s, or
// what battle.OpenScenario opens (embedded or a file).
func openScenario(s Storage, source string, cat *units.Catalogue) (*maps.Scenario, error) {
	if name, ok := strings.CutPrefix(source, StoredPrefix); ok && s != nil {
		return maps.Load(storageFS{s}, name, cat)
	}
	return battle.OpenScenario(source, cat)
}

// openSaveScenario is battle.OpenSaveScenario for a save whose scenario
// may be kept in s.
func openSaveScenario(s Storage, sv battle.Save, cat *units.Catalogue) (*maps.Scenario, error) {
	if !strings.HasPrefix(sv.Scenario, StoredPrefix) || s == nil {
		return battle.OpenSaveScenario(sv, cat)
	}
	sc, err := openScenario(s, sv.Scenario, cat)
	if err != nil {
		return nil, fmt.Errorf("field \"scenario\": %w", err)
	}
	if sc.Digest != sv.ScenarioDigest {
		return nil, fmt.Errorf("field \"scenario_digest\": the scenario %s was %w", sv.Scenario, battle.ErrChanged)
	}
	if d := cat.Digest(); d != sv.CatalogueDigest {
		return nil, fmt.Errorf("field \"catalogue_digest\": the unit catalogue was %w", battle.ErrChanged)
	}
	return sc, nil
}

// saveLoader is a Storage that loads saves its own way (files: with
// battle.LoadSave, which reads a scenario relative to the save's folder).
type saveLoader interface {
	loadSave(name string, cat *units.Catalogue) (*battle.Battle, error)
}

// loadSave reads the save called name from s and replays it on its
// scenario, as battle.LoadSave does with a file.
func loadSave(s Storage, name string, cat *units.Catalogue) (*battle.Battle, error) {
	if l, ok := s.(saveLoader); ok {
		return l.loadSave(name, cat)
	}
	sv, err := s.ReadSave(name)
	if err != nil {
		return nil, err
	}
	sc, err := openSaveScenario(s, sv, cat)
	if err == nil {
		var b *battle.Battle
		if b, err = battle.Replay(sc, cat, sv); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("load %s: %w", s.Where(name), err)
}
