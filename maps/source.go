package maps

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"hexfire/fileio"
)

// Limits on what a map and the files it refers to may hold. All are our own
// choice: each is far above what the shipped scenarios and a 500×500 map in
// Tiled's most verbose encoding need, and low enough that a hostile file
// costs at most a few hundred megabytes and a few seconds.
const (
	// MaxFileSize is the largest .tmx, .tsx, .tx or .png file read, in
	// bytes. A 500×500 layer with one XML element per tile is about 5 MB.
	MaxFileSize = 64 << 20
	// MaxTotalSize bounds the bytes of all the files one map reads.
	MaxTotalSize = 2 * MaxFileSize
	// MaxLayerTiles bounds the tiles of all tile layers together: sixteen
	// layers of the largest map (board.MaxDimension squared).
	MaxLayerTiles = 16 * 500 * 500
	// MaxElements bounds the XML elements of one file, not counting the
	// tiles of a layer's data in Tiled's XML encoding (those are bounded
	// by the map size).
	MaxElements = 200_000
	// MaxDepth bounds how deep the XML elements of one file nest. Tiled's
	// deepest are a class property's members inside nested groups; a
	// shipped map nests six deep.
	MaxDepth = 64
	// MaxProperties bounds the properties of one element (the map, a
	// layer, a tile, an object, a template's object): the shipped maps
	// give at most 24, to the map.
	MaxProperties = 100
	// MaxTileSize is the largest tile width, tile height, hex side,
	// margin, spacing or tile offset, and the largest side of an image of
	// an image collection, in pixels.
	MaxTileSize = 1024
	// MaxImageSide is the largest width or height of a tileset image:
	// 8192 is the texture size most graphics cards take.
	MaxImageSide = 8192
	// MaxImageBytes bounds the decoded size of all the distinct images a
	// map uses together, in bytes: one 4096×2048 sheet of 8-bit RGBA, or
	// 4096×1024 of 16-bit. Read from the PNG headers before any image is
	// decoded. The game holds each image about three times while it
	// uploads it (decoded, converted, texture), within its 512 MB.
	MaxImageBytes = 32 << 20
	// MaxTiles bounds the tiles of all the tilesets of a map together:
	// the tiles each sheet can be cut into (from its size, tile size,
	// margin and spacing) and the images of each image collection. The
	// game cuts every tile a layer places once; the shipped tilesets hold
	// 87 each.
	MaxTiles = 1 << 16
	// MaxUnits bounds the objects of a map's units layers: thrice the
	// largest benchmark battle (300 units). A battle follows the lines of
	// sight of every pair of enemy units, so its cost grows with the
	// square: 20,000 units took the game minutes to open.
	MaxUnits = 1000
	// MaxUnitProperties bounds the properties of all the units together,
	// a template's counted once for every unit that uses it: each unit
	// keeps its own copy of them.
	MaxUnitProperties = 16 * MaxUnits
	// MaxTitleLength is the longest map title, in characters: about a
	// third of the game's top bar, which shows it beside the turn.
	MaxTitleLength = 48
	// MaxNameLength is the longest unit name or property name, in
	// characters.
	MaxNameLength = 64
	// MaxPropertyLength is the longest value of any other text property
	// (a unit's script, the victory conditions), in bytes.
	MaxPropertyLength = 16 << 10
)

// source is where a map and the files it references come from: an fs.FS
// or the operating system's file system.
type source interface {
	// read returns the bytes of a regular file, at most limit of them.
	read(name string, limit int64) ([]byte, error)
	// resolve returns the path of ref, written in the file referrer as
	// Tiled writes it: relative to referrer's folder, or absolute.
	resolve(referrer, ref string) (string, error)
	// beside reports whether the file at p lies in the folder of the file
	// at name or below it.
	beside(name, p string) bool
}

type fsSource struct{ fsys fs.FS }

func (s fsSource) read(name string, limit int64) ([]byte, error) {
	return fileio.ReadFS(s.fsys, name, limit)
}

func (fsSource) resolve(referrer, ref string) (string, error) {
	if path.IsAbs(ref) {
		return "", fmt.Errorf("absolute path %s: a map inside a file system can only refer to files in it", fileio.Quote(ref))
	}
	return path.Join(path.Dir(referrer), ref), nil
}

func (fsSource) beside(name, p string) bool {
	dir := path.Dir(name)
	return dir == "." || strings.HasPrefix(p, dir+"/")
}

type osSource struct{}

func (osSource) read(name string, limit int64) ([]byte, error) {
	return fileio.ReadFile(name, limit)
}

// resolve takes a relative ref from the folder the referrer really lies
// in: a tileset reached through a symbolic link finds its image beside the
// file the link points to, as Tiled does.
func (osSource) resolve(referrer, ref string) (string, error) {
	p := filepath.FromSlash(ref)
	if filepath.IsAbs(p) {
		return p, nil
	}
	return filepath.Join(filepath.Dir(realPath(referrer)), p), nil
}

// beside compares where the files really lie, links followed, so that a
// link beside the map to a file elsewhere counts as elsewhere.
func (osSource) beside(name, p string) bool {
	dir, err := filepath.Abs(filepath.Dir(realPath(name)))
	if err != nil {
		return false
	}
	abs, err := filepath.Abs(realPath(p))
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(dir, abs)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// realPath is p with its symbolic links followed, or p itself when that
// fails (the file is missing: the read reports it).
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// files reads every file of one load once, through one size limit per
// file and one for all of them together.
type files struct {
	src  source
	left int64             // bytes all further files may still take
	read map[string][]byte // by path, as resolved
	sum  hash.Hash         // every file's length and bytes, in the order read
}

func newFiles(src source) *files {
	return &files{src: src, left: MaxTotalSize, read: map[string][]byte{}, sum: sha256.New()}
}

// digest is the sha256 (hex) of every file read so far, each as its length
// and bytes in the order read: the same files give the same digest
// wherever they lie, and a change to any of them changes it.
func (f *files) digest() string { return hex.EncodeToString(f.sum.Sum(nil)) }

// get returns the bytes of the file at name, reading it on first use.
func (f *files) get(name string) ([]byte, error) {
	if data, ok := f.read[name]; ok {
		return data, nil
	}
	limit := min(int64(MaxFileSize), f.left)
	data, err := f.src.read(name, limit)
	if err != nil {
		if limit < MaxFileSize && errors.Is(err, fileio.ErrTooLarge) {
			return nil, fmt.Errorf("the files of this map are larger than the limit of %d bytes in all", MaxTotalSize)
		}
		return nil, err
	}
	f.left -= int64(len(data))
	f.read[name] = data
	var size [8]byte
	binary.BigEndian.PutUint64(size[:], uint64(len(data)))
	f.sum.Write(size[:])
	f.sum.Write(data)
	return data, nil
}

// forget drops the bytes of a file that has been decoded for good.
func (f *files) forget(name string) { f.read[name] = nil }
