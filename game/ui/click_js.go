//go:build js

package ui

import (
	"sync"
	"syscall/js"
)

// releases counts the page's releases of the left mouse button (and of a
// touch or pen) since takeReleases last read them, from an event listener
// on the window, which runs between frames.
var releases struct {
	sync.Mutex
	n      int
	listen sync.Once
	onUp   js.Func
}

// takeReleases returns the releases counted since its last call, and
// starts counting on its first.
func takeReleases() int {
	releases.listen.Do(func() {
		releases.onUp = js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) > 0 && args[0].Get("button").Int() == 0 {
				releases.Lock()
				releases.n++
				releases.Unlock()
			}
			return nil
		})
		js.Global().Call("addEventListener", "pointerup", releases.onUp)
	})
	releases.Lock()
	defer releases.Unlock()
	n := releases.n
	releases.n = 0
	return n
}
