package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// notShipped are the folders of cmd/ that no platform's archive holds,
// and why.
var notShipped = map[string]string{
	"hexfire-web": "the web site it writes is an archive of its own",
	"release":     "it writes the release",
}

// TestEveryCommandShipped: each command in cmd/ is in programs or left
// out on purpose, so a new one (hexfire-server) is not forgotten.
func TestEveryCommandShipped(t *testing.T) {
	dirs, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() || notShipped[d.Name()] != "" {
			continue
		}
		if !slices.ContainsFunc(programs, func(p program) bool { return p.pkg == "./cmd/"+d.Name() }) {
			t.Errorf("cmd/%s is in no archive: add it to programs in cmd/release/release.go (or to notShipped, saying why)", d.Name())
		}
	}
}

// TestNoticesFileIsCurrent: the THIRD-PARTY-NOTICES at the module's root
// is what the module cache gives today.
func TestNoticesFileIsCurrent(t *testing.T) {
	want, err := notices(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join("..", "..", noticesName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Errorf("%s is out of date (a linked module changed): go run ./cmd/release -notices %s", noticesName, noticesName)
	}
}

// TestParseTargets: the default list parses, a target unknown or given
// twice is refused with its name.
func TestParseTargets(t *testing.T) {
	targets, err := parseTargets("linux/amd64, web")
	if err != nil || !slices.Equal(targets, []platform{{"linux", "amd64"}, webPlatform}) {
		t.Errorf("linux/amd64, web: %v, %v", targets, err)
	}
	for list, want := range map[string]string{
		"darwin/arm64":            `unknown target "darwin/arm64"`,
		"linux/amd64,linux/amd64": `"linux/amd64" twice`,
		"":                        `unknown target ""`,
	} {
		if _, err := parseTargets(list); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-targets %q: %v, want an error with %s", list, err, want)
		}
	}
}

// TestRunRefuses: a version that is not semantic and a missing -out are
// refused before anything is built.
func TestRunRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-version", "1.2.3", "-out", "dist"}, `-version "1.2.3": want a semantic version`},
		{[]string{"-version", "v1.2", "-out", "dist"}, `-version "v1.2": want a semantic version`},
		{[]string{"-version", "v1.2.3"}, "give -out DIR"},
		{[]string{"-version", "v1.2.3", "-out", "dist", "-targets", "linux/386"}, `unknown target "linux/386"`},
		{[]string{"-notices", "N", "-version", "v1.2.3"}, "-notices goes alone"},
	} {
		if err := run(c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %s", c.args, err, c.want)
		}
	}
}

// TestReproducible builds this machine's archive twice and wants the
// same bytes, then runs the hexfire-cli in it: -version prints the
// release's version. (The two builds share the build cache; two of every
// archive from clones in two folders, each with an empty cache of its
// own, were byte-identical too: docs/BENCHMARKS.md, "Release archives".)
func TestReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the game twice")
	}
	host := platform{runtime.GOOS, runtime.GOARCH}
	if !slices.Contains(platforms, host) {
		t.Skipf("no archive for %s", host)
	}
	const version = "v0.0.0-reproducible"
	var archives [2][]byte
	var name string
	for i := range archives {
		out := t.TempDir()
		names, err := release(options{version: version, out: out, targets: []platform{host}}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		name = names[0]
		if archives[i], err = os.ReadFile(filepath.Join(out, name)); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(archives[0], archives[1]) {
		t.Fatalf("two builds of %s differ: %d and %d bytes", name, len(archives[0]), len(archives[1]))
	}
	if !strings.HasSuffix(name, ".tar.gz") {
		return // Windows: the archive is a zip, which this test does not open
	}
	cli := filepath.Join(t.TempDir(), "hexfire-cli")
	if err := os.WriteFile(cli, fileInTarGz(t, archives[0], strings.TrimSuffix(name, ".tar.gz")+"/hexfire-cli"), 0o755); err != nil {
		t.Fatal(err)
	}
	line, err := exec.Command(cli, "-version").Output()
	if err != nil {
		t.Fatalf("%s -version: %v", cli, err)
	}
	if want := "hexfire-cli " + version + ", "; !strings.HasPrefix(string(line), want) {
		t.Errorf("-version printed %q, want it to start with %q", line, want)
	}
}

// fileInTarGz is the contents of the file called name in a .tar.gz.
func fileInTarGz(t *testing.T, archive []byte, name string) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("%s in the archive: %v", name, err)
		}
		if h.Name == name {
			data, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
	}
}
