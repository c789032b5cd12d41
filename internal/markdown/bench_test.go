package markdown

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// BenchmarkParse compares Parse on a 100 KiB draft with goldmark's own parse
// of it, for a draft whose prose has no bare URL (goldmark's linkify is
// skipped) and for the same draft with one (Parse falls back to linkify
// after a first parse without it: the worst case).
func BenchmarkParse(b *testing.B) {
	post, err := os.ReadFile("../../testdata/drafts/sample-post.md")
	if err != nil {
		b.Fatal(err)
	}
	var plain []byte
	for len(plain) < 100<<10 {
		plain = append(plain, post...)
	}
	bare := bytes.Replace(plain, []byte("People\nstopped waiting."), []byte("People\nstopped waiting (see www.example.com)."), 1)
	for _, c := range []struct {
		name string
		src  []byte
	}{{"plain", plain}, {"bare-url", bare}} {
		b.Run("goldmark/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				ParseTree(c.src)
			}
		})
		b.Run("parse/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				Parse(c.src)
			}
		})
	}
}

// BenchmarkShapes parses, at 64 KiB and 1 MiB, the shapes that goldmark or
// the YAML parser read in more than linear time before the limits, and
// that Parse now refuses or reads in linear time, next to a draft of plain
// prose. Compare ns/op across sizes: 16 times the bytes should cost about
// 16 times the time, and B/op about 16 times the memory.
func BenchmarkShapes(b *testing.B) {
	post, err := os.ReadFile("../../testdata/drafts/sample-post.md")
	if err != nil {
		b.Fatal(err)
	}
	rep := func(unit string) func(int) []byte {
		return func(n int) []byte { return bytes.Repeat([]byte(unit), n/len(unit)) }
	}
	shapes := []struct {
		name string
		make func(n int) []byte
	}{
		{"prose", func(n int) []byte { return bytes.Repeat(post, n/len(post)+1)[:n] }},
		{"yaml-flow", func(n int) []byte {
			d := n/2 - 8
			return []byte("---\nt: " + strings.Repeat("[", d) + strings.Repeat("]", d) + "\n---\n")
		}},
		{"list-nesting", rep("- ")},
		{"quote-nesting", rep("> ")},
		{"unclosed-links", rep("[a](")},
		{"brackets", rep("[")},
		{"emphasis", rep("*a ")},
		{"backticks", rep("` ``")},
		{"table-columns", func(n int) []byte {
			return []byte("|" + strings.Repeat("a|", n/4) + "\n|" + strings.Repeat("-|", n/4) + "\n")
		}},
		{"reference-definitions", rep("[a]: b\n")},
		{"entities", rep("&a")},
		{"long-line", rep("Très very really quite ")},
	}
	for _, s := range shapes {
		for _, size := range []int{64 << 10, 1 << 20} {
			src := s.make(size)
			b.Run(fmt.Sprintf("%s/%dKiB", s.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					ParseContext(context.Background(), src)
				}
			})
		}
	}
}

// BenchmarkPosition finds the position of every word on one 1 MiB line,
// as lint does for a finding on each: linear, not quadratic, in the line.
func BenchmarkPosition(b *testing.B) {
	src := bytes.Repeat([]byte("Très very really quite "), 1<<20/24)
	d := Parse(src)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		for off := 0; off < len(src); off += 24 {
			d.Position(off)
		}
	}
}
