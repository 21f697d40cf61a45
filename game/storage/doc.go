// Package storage keeps the game's files between runs: the settings, the
// autosave, the last replay, the saves and the scenarios a player opened
// in a browser. Storage is a small interface of named files; Dir keeps
// them in a folder (UserStorage: ConfigDir on a desktop), KeyStorage in a
// key-value store, which in the browser build (build tag js) is the page's
// local storage. LoadSave and OpenScenario open battles and scenarios
// through it.
//
// It sits below the scenes of hexfire/game and never imports them
// (.ci/run checks the direction).
package storage
