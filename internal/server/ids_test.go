package server

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIDMap(t *testing.T) {
	m := newIDMap()
	add := func(raw string) int64 {
		t.Helper()
		if _, ok := m.add(json.RawMessage(raw)); !ok {
			t.Fatalf("add(%s): reported in progress", raw)
		}
		n, _ := m.lookup(json.RawMessage(raw))
		return n
	}
	// Ids the SDK would read as one number are different requests here.
	a, b, c := add(`1`), add(`1.0`), add(`"1"`)
	if a == b || b == c || a == c {
		t.Fatalf("ids 1, 1.0 and \"1\" share a number: %d %d %d", a, b, c)
	}
	if _, ok := m.add(json.RawMessage(`1.0`)); ok {
		t.Error("add(1.0) twice: not reported in progress")
	}
	// The answer to 1 is being written when the drain ends: it is not abandoned.
	one := m.byRaw[`1`].id
	if raw, ok := m.startAnswer(one); !ok || string(raw) != `1` {
		t.Fatalf("startAnswer(1) = %s, %v", raw, ok)
	}
	two := m.byRaw[`1.0`].id
	gone := m.abandon()
	if diff := cmp.Diff([]string{`1.0`, `"1"`}, rawStrings(gone)); diff != "" {
		t.Errorf("abandoned (-want +got):\n%s", diff)
	}
	if _, ok := m.startAnswer(two); ok {
		t.Error("a late answer to an abandoned request may be written")
	}
	if m.unanswered() != 1 || m.writing != 1 {
		t.Errorf("unanswered %d, writing %d; want 1, 1", m.unanswered(), m.writing)
	}
	m.answered(one)
	if m.unanswered() != 0 || m.writing != 0 {
		t.Errorf("after the answer: unanswered %d, writing %d; want 0, 0", m.unanswered(), m.writing)
	}
	if _, ok := m.add(json.RawMessage(`1`)); !ok {
		t.Error("an id may not be used again once answered")
	}
}

func rawStrings(raws []json.RawMessage) []string {
	s := make([]string, len(raws))
	for i, r := range raws {
		s[i] = string(r)
	}
	return s
}
