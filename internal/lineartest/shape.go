package lineartest

import "testing"

// Shape is an input built from short pieces, as Nest builds it: Head, Open
// repeated n times, Mid, Close repeated n times, Tail. Tables of shapes name
// the inputs that have been, or could be, superlinear.
type Shape struct {
	Name                         string
	Head, Open, Mid, Close, Tail string
	// HeapPerByte, when set, replaces the Options' limit for a shape known
	// to need more; say why beside it.
	HeapPerByte float64
}

// Gen is the shape's generator.
func (s Shape) Gen() func(size int) []byte {
	return Nest(s.Head, s.Open, s.Mid, s.Close, s.Tail)
}

// CheckShapes runs Check on each shape, in a subtest of its name.
func CheckShapes(t *testing.T, shapes []Shape, f func([]byte), o Options) {
	t.Helper()
	for _, s := range shapes {
		t.Run(s.Name, func(t *testing.T) {
			o := o
			if s.HeapPerByte > 0 {
				o.HeapPerByte = s.HeapPerByte
			}
			Check(t, s.Gen(), f, o)
		})
	}
}

// Fuzz makes f a fuzz target that searches for shapes on which fn is
// superlinear: the fuzzer picks the five pieces, FuzzShape grows them, and
// Check compares the times with FuzzOptions. The seeds are added only under
// -fuzz, since plain go test runs them in their named test. skip, when not
// nil, drops pieces fn cannot take.
func Fuzz(f *testing.F, seeds []Shape, fn func([]byte), skip func(head, open, mid, close, tail string) bool) {
	if Fuzzing() {
		for _, s := range seeds {
			f.Add(s.Head, s.Open, s.Mid, s.Close, s.Tail)
		}
	}
	f.Fuzz(func(t *testing.T, head, open, mid, close, tail string) {
		gen, ok := FuzzShape(head, open, mid, close, tail)
		if !ok || skip != nil && skip(head, open, mid, close, tail) {
			return
		}
		Check(t, gen, fn, FuzzOptions)
	})
}
