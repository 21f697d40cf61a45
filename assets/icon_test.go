package assets

import "testing"

func TestIcons(t *testing.T) {
	icons, err := Icons()
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[int]bool{}
	for _, img := range icons {
		b := img.Bounds()
		if b.Dx() != b.Dy() {
			t.Errorf("icon of %v: not square", b)
		}
		sizes[b.Dx()] = true
	}
	for _, want := range []int{16, 32, 48, 64, 128, 256} {
		if !sizes[want] {
			t.Errorf("no icon of %d pixels (have %v)", want, sizes)
		}
	}
}
