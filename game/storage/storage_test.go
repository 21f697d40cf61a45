package storage

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"hexfire/assets"
	"hexfire/game/storage/storagetest"
)

func TestKeyStorageFiles(t *testing.T) {
	kv := storagetest.MapValues{}
	s := KeyStorage{Values: kv}
	if _, err := s.Read("settings.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("reading a missing file: %v, want fs.ErrNotExist", err)
	}
	if err := s.Write("settings.json", []byte(`{"sound":false}`)); err != nil {
		t.Fatal(err)
	}
	if string(kv["hexfire/settings.json"]) != `{"sound":false}` {
		t.Errorf("stored under %q", kv)
	}
	if data, err := s.Read("settings.json"); err != nil || string(data) != `{"sound":false}` {
		t.Errorf("read back %q, %v", data, err)
	}
	if err := s.Remove("settings.json"); err != nil || len(kv) != 0 {
		t.Errorf("after Remove: %v, %v", kv, err)
	}
	if err := s.Remove("settings.json"); err != nil {
		t.Errorf("removing a missing file: %v, want no error", err)
	}
	kv["hexfire/hexfire-save.json"] = []byte(`{"format":"hexfire-save"`)
	if _, err := s.ReadSave("hexfire-save.json"); err == nil || !strings.Contains(err.Error(), "browser storage: hexfire-save.json") {
		t.Errorf("a truncated save: %v, want an error naming it", err)
	}
}

func TestStorageFSFindsEmbeddedTilesets(t *testing.T) {
	f := storageFS{KeyStorage{Values: storagetest.MapValues{"hexfire/scenarios/x.tsx": []byte("mine")}}}
	for name, want := range map[string]string{"scenarios/x.tsx": "mine", "tiles/hexfire-flat.tsx": ""} {
		data, err := fs.ReadFile(f, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if embedded, _ := fs.ReadFile(assets.FS, name); want == "" && string(data) != string(embedded) {
			t.Errorf("%s: not the embedded file", name)
		} else if want != "" && string(data) != want {
			t.Errorf("%s: %q, want %q", name, data, want)
		}
	}
	if _, err := fs.ReadFile(f, "../etc/passwd"); err == nil {
		t.Errorf("a path out of the storage was opened")
	}
}
