package battle

import "hexfire/board"

// The wire form of an order is its save record (OrderRecord): a client of
// a server sends it, the server stores it. These two turn one into the
// other, as a save file does.

// OrderOf reads record r as an order against board bd's labels; an error
// names the record's field that is wrong.
func OrderOf(r OrderRecord, bd *board.Board) (Order, error) { return r.order(bd) }

// RecordOf writes order o as a record with board bd's labels, without a
// reason (OrderRecord.Why).
func RecordOf(o Order, bd *board.Board) OrderRecord { return o.record(bd) }
