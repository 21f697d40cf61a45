package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"time"
)

// entry is one file or folder of an archive.
type entry struct {
	name string      // its slash-separated path in the archive; a folder's ends in "/"
	mode fs.FileMode // its permission bits, with fs.ModeDir for a folder
	data []byte      // a file's contents
}

// inFolder puts files in one folder of an archive: the folder's entry
// first, then each file under it, in the order given.
func inFolder(folder string, files []entry) []entry {
	out := []entry{{name: folder + "/", mode: fs.ModeDir | 0o755}}
	for _, f := range files {
		f.name = path.Join(folder, f.name)
		out = append(out, f)
	}
	return out
}

// writeTarGz writes entries as a gzip-compressed tar, in their order, so
// that the same entries and modTime always give the same bytes: every
// entry has modTime, its own permission bits, no owner (uid and gid 0, no
// user or group names) and the USTAR header alone; the gzip header
// carries no name and no time.
func writeTarGz(w io.Writer, entries []entry, modTime time.Time) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		h := &tar.Header{
			Name:     e.name,
			Mode:     int64(e.mode.Perm()),
			ModTime:  modTime.UTC().Truncate(time.Second),
			Typeflag: tar.TypeReg,
			Size:     int64(len(e.data)),
			Format:   tar.FormatUSTAR,
		}
		if e.mode.IsDir() {
			h.Typeflag, h.Size = tar.TypeDir, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			return fmt.Errorf("tar entry %q: %w", e.name, err)
		}
		if _, err := tw.Write(e.data); err != nil {
			return fmt.Errorf("tar entry %q: %w", e.name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// writeZip writes entries as a zip, in their order, so that the same
// entries and modTime always give the same bytes: every entry has modTime
// (in UTC, whatever the machine's time zone), its own permission bits and
// no owner; files are deflated, folders stored.
func writeZip(w io.Writer, entries []entry, modTime time.Time) error {
	zw := zip.NewWriter(w)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: modTime.UTC().Truncate(time.Second)}
		h.SetMode(e.mode)
		if e.mode.IsDir() {
			h.Method = zip.Store
		}
		f, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("zip entry %q: %w", e.name, err)
		}
		if _, err := f.Write(e.data); err != nil {
			return fmt.Errorf("zip entry %q: %w", e.name, err)
		}
	}
	return zw.Close()
}
