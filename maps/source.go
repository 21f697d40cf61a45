package maps

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/lafriks/go-tiled"
)

// MaxFileSize is the largest .tmx or .tsx file the loader reads, in bytes.
// Our own choice: a 500×500 map in Tiled's most verbose encoding (one XML
// element per tile) is about 5 MB per layer, so this leaves room for a dozen
// such layers while keeping a bad file from filling memory.
const MaxFileSize = 64 << 20

// source is where a map and the files it references come from: an fs.FS
// or the operating system's file system.
type source interface {
	open(name string) (io.ReadCloser, error)
	join(dir, name string) string
	dir(name string) string
	options() []tiled.LoaderOption
}

type fsSource struct{ fsys fs.FS }

func (s fsSource) open(name string) (io.ReadCloser, error) { return s.fsys.Open(name) }
func (s fsSource) join(dir, name string) string            { return path.Join(dir, name) }
func (s fsSource) dir(name string) string                  { return path.Dir(name) }
func (s fsSource) options() []tiled.LoaderOption {
	return []tiled.LoaderOption{tiled.WithFileSystem(s.fsys)}
}

type osSource struct{}

func (osSource) open(name string) (io.ReadCloser, error) { return os.Open(name) }
func (osSource) join(dir, name string) string            { return filepath.Join(dir, filepath.FromSlash(name)) }
func (osSource) dir(name string) string                  { return filepath.Dir(name) }
func (osSource) options() []tiled.LoaderOption           { return nil }

// readAll reads a whole file, refusing files over MaxFileSize.
func readAll(src source, name string) ([]byte, error) {
	f, err := src.open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("file is larger than the limit of %d bytes", MaxFileSize)
	}
	return data, nil
}

// exists reports an error when name cannot be opened.
func exists(src source, name string) error {
	f, err := src.open(name)
	if err != nil {
		return err
	}
	return f.Close()
}
