package server

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// idMap gives every request read from a client an id of the connection's
// own, and keeps the client's id exactly as written, to answer with.
//
// The SDK holds an id as an int64 or a string, read through a float64:
// 1.5 would come back as 1, 9007199254740993 as 9007199254740992, and two
// different ids could collide. So the SDK never sees a client's id: it sees
// a counter, unique for the life of the connection, and the response goes
// out with the client's bytes. Two requests in progress with the same id
// as written are one too many; 1 and 1.0 are different ids here.
//
// idMap is not safe for concurrent use; lineConn guards it with its mutex.
type idMap struct {
	last    int64
	byID    map[jsonrpc.ID]*inProgress
	byRaw   map[string]*inProgress
	writing int // answers being written now
}

type inProgress struct {
	id      jsonrpc.ID
	num     int64 // id's value
	raw     json.RawMessage
	writing bool
}

func newIDMap() *idMap {
	return &idMap{byID: map[jsonrpc.ID]*inProgress{}, byRaw: map[string]*inProgress{}}
}

// add records a request whose id the client wrote as raw, and returns the
// id the SDK is to know it by; false if that id is already in progress.
func (m *idMap) add(raw json.RawMessage) (jsonrpc.ID, bool) {
	if _, dup := m.byRaw[string(raw)]; dup {
		return jsonrpc.ID{}, false
	}
	m.last++
	id, err := jsonrpc.MakeID(float64(m.last)) // exact: far below 2^53
	if err != nil {
		panic("jsonrpc.MakeID of a float64: " + err.Error())
	}
	r := &inProgress{id: id, num: m.last, raw: bytes.Clone(raw)} // a clone: raw pins the whole line
	m.byID[id] = r
	m.byRaw[string(r.raw)] = r
	return id, true
}

// lookup returns the number of the id the SDK knows a request by, given its
// id as the client wrote it.
func (m *idMap) lookup(raw json.RawMessage) (int64, bool) {
	r, ok := m.byRaw[string(raw)]
	if !ok {
		return 0, false
	}
	return r.num, true
}

// startAnswer marks the request with this id as being answered and returns
// the client's id; false if it is not in progress (it was abandoned).
func (m *idMap) startAnswer(id jsonrpc.ID) (json.RawMessage, bool) {
	r, ok := m.byID[id]
	if !ok || r.writing {
		return nil, false
	}
	r.writing = true
	m.writing++
	return r.raw, true
}

// answered forgets the request with this id.
func (m *idMap) answered(id jsonrpc.ID) {
	r, ok := m.byID[id]
	if !ok {
		return
	}
	delete(m.byID, id)
	delete(m.byRaw, string(r.raw))
	if r.writing {
		m.writing--
	}
}

// unanswered is the number of requests in progress.
func (m *idMap) unanswered() int { return len(m.byID) }

// abandon forgets every request in progress whose answer is not being
// written, and returns their ids as the client wrote them, in the order the
// requests were read.
func (m *idMap) abandon() []json.RawMessage {
	var gone []*inProgress
	for _, r := range m.byID {
		if !r.writing {
			gone = append(gone, r)
		}
	}
	slices.SortFunc(gone, func(a, b *inProgress) int { return cmp.Compare(a.num, b.num) })
	raws := make([]json.RawMessage, len(gone))
	for i, r := range gone {
		raws[i] = r.raw
		delete(m.byID, r.id)
		delete(m.byRaw, string(r.raw))
	}
	return raws
}
