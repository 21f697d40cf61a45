package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"testing"
	"time"
)

// literalFiles are an archive's files given literally: a folder, a
// program and a text.
var literalFiles = inFolder("hexfire-v1.2.3-linux-amd64", []entry{
	{name: "hexfire", mode: 0o755, data: []byte("\x7fELF a program")},
	{name: "README.md", mode: 0o644, data: []byte("# Hexfire\n")},
})

var literalTime = time.Date(2026, 12, 1, 1, 2, 3, 0, time.FixedZone("CET", 3600))

// wantEntry is what an archive must hold of each literal file.
type wantEntry struct {
	name string
	mode fs.FileMode
	data string
}

var wantLiteral = []wantEntry{
	{"hexfire-v1.2.3-linux-amd64/", fs.ModeDir | 0o755, ""},
	{"hexfire-v1.2.3-linux-amd64/hexfire", 0o755, "\x7fELF a program"},
	{"hexfire-v1.2.3-linux-amd64/README.md", 0o644, "# Hexfire\n"},
}

// TestWriteTarGz: the tar holds the files in their order with their modes
// and contents, the given time and no owner; the gzip header no name and
// no time; the same files give the same bytes.
func TestWriteTarGz(t *testing.T) {
	var first, second bytes.Buffer
	if err := writeTarGz(&first, literalFiles, literalTime); err != nil {
		t.Fatal(err)
	}
	if err := writeTarGz(&second, literalFiles, literalTime.UTC()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Error("the same files at the same instant gave different bytes")
	}
	zr, err := gzip.NewReader(bytes.NewReader(first.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() {
		t.Errorf("gzip header has name %q and time %v, want neither", zr.Name, zr.ModTime)
	}
	tr := tar.NewReader(zr)
	for i, want := range wantLiteral {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("entry %d (%s): %v", i, want.name, err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if h.Name != want.name || h.FileInfo().Mode() != want.mode || string(data) != want.data {
			t.Errorf("entry %d: %s %v %q, want %s %v %q", i, h.Name, h.FileInfo().Mode(), data, want.name, want.mode, want.data)
		}
		if !h.ModTime.Equal(literalTime) || h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" || h.Format != tar.FormatUSTAR {
			t.Errorf("%s: time %v uid %d gid %d user %q group %q format %v, want %v, no owner, USTAR",
				h.Name, h.ModTime, h.Uid, h.Gid, h.Uname, h.Gname, h.Format, literalTime)
		}
	}
	if h, err := tr.Next(); err != io.EOF {
		t.Errorf("after the files: %v, %v, want the end", h, err)
	}
}

// TestWriteZip: the zip holds the files in their order with their modes,
// contents and the given time, whatever its zone; the same files give the
// same bytes.
func TestWriteZip(t *testing.T) {
	var first, second bytes.Buffer
	if err := writeZip(&first, literalFiles, literalTime); err != nil {
		t.Fatal(err)
	}
	if err := writeZip(&second, literalFiles, literalTime.UTC()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Error("the same files at the same instant gave different bytes")
	}
	zr, err := zip.NewReader(bytes.NewReader(first.Bytes()), int64(first.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(wantLiteral) {
		t.Fatalf("%d entries, want %d", len(zr.File), len(wantLiteral))
	}
	for i, want := range wantLiteral {
		f := zr.File[i]
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name != want.name || f.Mode() != want.mode || string(data) != want.data {
			t.Errorf("entry %d: %s %v %q, want %s %v %q", i, f.Name, f.Mode(), data, want.name, want.mode, want.data)
		}
		if !f.Modified.Equal(literalTime) {
			t.Errorf("%s: time %v, want %v", f.Name, f.Modified, literalTime)
		}
	}
}
