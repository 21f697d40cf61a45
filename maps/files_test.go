package maps

import (
	"os"
	"strings"
	"testing"
)

// TestFilesOfAndLoadFiles: the files a map reads, gathered from a
// folder, load from memory to the same scenario; a name with a folder is
// refused by name.
func TestFilesOfAndLoadFiles(t *testing.T) {
	types := testTypes
	files, err := FilesOf(os.DirFS("testdata"), "flat-even.tmx", types)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 || files["terrain.tsx"] == nil || files["terrain.png"] == nil {
		t.Fatalf("FilesOf: %d files", len(files))
	}
	want, err := Load(os.DirFS("testdata"), "flat-even.tmx", types)
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadFiles(files, "flat-even.tmx", types)
	if err != nil {
		t.Fatal(err)
	}
	if got.Digest != want.Digest {
		t.Errorf("loaded from memory: digest %s, from the folder %s", got.Digest, want.Digest)
	}
	files["sub/x.tsx"] = []byte("x")
	if _, err := LoadFiles(files, "flat-even.tmx", types); err == nil || !strings.Contains(err.Error(), `"sub/x.tsx"`) {
		t.Errorf("a file name with a folder: %v", err)
	}
}
