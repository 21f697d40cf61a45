package assets

import (
	"embed"
	"fmt"
	"image"
	"image/png"
	"io/fs"
)

// Icon holds the game's icon at several sizes, icon/hexfire-SIZE.png,
// drawn by gen/ like the tiles: the window's icon and the web page's.
//
//go:embed icon
var Icon embed.FS

// Icons decodes every size of the icon, for the window.
func Icons() ([]image.Image, error) {
	names, err := fs.Glob(Icon, "icon/*.png")
	if err != nil {
		return nil, err
	}
	var out []image.Image
	for _, name := range names {
		f, err := Icon.Open(name)
		if err != nil {
			return nil, err
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("assets: %s: %w", name, err)
		}
		out = append(out, img)
	}
	return out, nil
}
