//go:build js

package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"sync"
	"syscall/js"

	"hexfire/game/storage"
)

// inBrowser is true: the game runs in a web page (cmd/hexfire-web).
const inBrowser = true

// init marks when the game's Go code starts (after the runtime and the
// packages it imports), for the page's timings (window.hexfireTimes).
func init() {
	if times := js.Global().Get("hexfireTimes"); times.Truthy() {
		times.Set("started", js.Global().Get("performance").Call("now"))
	}
}

// pageShown tells the page that the first frame is drawn, so it hides its
// loading screen (window.hexfireShown of cmd/hexfire-web's index.html).
func pageShown() {
	if f := js.Global().Get("hexfireShown"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// picked holds the files read from the page's file dialog until the game
// takes them; the browser reads them while the game runs.
var picked struct {
	sync.Mutex
	files    []pickedFile
	onChange js.Func
}

// pickFiles opens the page's file dialog (the input hexfire-file). The
// files chosen arrive later, through takePicked.
func pickFiles() error {
	input := js.Global().Get("document").Call("getElementById", "hexfire-file")
	if !input.Truthy() {
		return errors.New("this page has no file dialog (an input with the id hexfire-file)")
	}
	picked.Lock()
	if picked.onChange.IsUndefined() {
		picked.onChange = js.FuncOf(func(this js.Value, _ []js.Value) any {
			readPicked(this.Get("files"))
			return nil
		})
		input.Set("onchange", picked.onChange)
	}
	picked.Unlock()
	input.Set("value", "") // picking the same file again is a change
	input.Call("click")
	return nil
}

// readPicked reads the files of a change of the dialog and queues them
// for takePicked once all are read. A file larger than the storage keeps
// is refused before it is read.
func readPicked(list js.Value) {
	n := list.Get("length").Int()
	if n == 0 {
		return
	}
	if n > maxPickedFiles {
		queuePicked([]pickedFile{{name: fmt.Sprintf("%d files", n)}}) // refused with its count by keepPicked
		return
	}
	files := make([]pickedFile, n)
	left := n
	for i := range n {
		f := list.Index(i)
		files[i].name = f.Get("name").String()
		if size := f.Get("size").Float(); size > storage.MaxStoredBytes {
			files[i].data = make([]byte, storage.MaxStoredBytes+1) // refused with its size by keepPicked
			if left--; left == 0 {
				queuePicked(files)
			}
			continue
		}
		var then js.Func
		then = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer then.Release()
			buf := js.Global().Get("Uint8Array").New(args[0])
			files[i].data = make([]byte, buf.Get("length").Int())
			js.CopyBytesToGo(files[i].data, buf)
			if left--; left == 0 {
				queuePicked(files)
			}
			return nil
		})
		f.Call("arrayBuffer").Call("then", then)
	}
}

func queuePicked(files []pickedFile) {
	picked.Lock()
	picked.files = files
	picked.Unlock()
}

// takePicked returns the files picked since the last call, or nil.
func takePicked() []pickedFile {
	picked.Lock()
	defer picked.Unlock()
	files := picked.files
	picked.files = nil
	return files
}

// download hands data to the browser as a file called name to save.
func download(name string, data []byte) error {
	doc := js.Global().Get("document")
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": "application/octet-stream"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	link := doc.Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", name)
	doc.Get("body").Call("appendChild", link)
	link.Call("click")
	link.Call("remove")
	// The browser has taken the file once the click is handled.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 1000)
	return nil
}

// keepPNG keeps a screenshot (F12, the study's export) called name: the
// page has no files of its own, so the browser downloads it.
func keepPNG(name string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("screenshot %s: %w", name, err)
	}
	return download(name, buf.Bytes())
}
