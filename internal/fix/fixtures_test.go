package fix

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/speedgrapher/speedgrapher/internal/lint"
	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// fixtureDirs hold the project's markdown fixtures: every .md file, and every
// .md section of a .txtar file. SPEEDGRAPHER_FIX_CORPUS adds directories of
// real documents (separated by the OS's list separator), for a run by hand:
//
//	SPEEDGRAPHER_FIX_CORPUS=$(go env GOMODCACHE) go test ./internal/fix -run Fixtures -v
var fixtureDirs = []string{"../lint/testdata", "../../testdata"}

// TestFixFixtures applies the fixes, safe ones and all, to every fixture and
// checks that no edit lands in code, inline code, a URL, HTML or front
// matter, that fixing again changes nothing, and that the markdown keeps its
// structure (headings, links, images, code, HTML, emphasis, front matter). The
// protected ranges and the structure come from goldmark's own tree, not from
// package markdown's map of the prose.
func TestFixFixtures(t *testing.T) {
	t.Parallel()
	dirs := fixtureDirs
	if extra := os.Getenv("SPEEDGRAPHER_FIX_CORPUS"); extra != "" {
		dirs = append(dirs, filepath.SplitList(extra)...)
	}
	files, edits, changed := 0, 0, 0
	perRule := map[string]int{} // safe fixes applied, per rule
	for name, src := range fixtures(t, dirs) {
		files++
		for _, mode := range []struct {
			name string
			want func(lint.Finding) bool
		}{{"safe", Safe}, {"all", All}} {
			n, out := checkedFix(t, name+" ("+mode.name+")", src, mode.want)
			edits += n
			if !bytes.Equal(out, src) {
				changed++
			}
			res := Apply(src, checkAll, mode.want)
			if mode.name == "safe" {
				for id, n := range res.Applied {
					perRule[id] += n
				}
			}
			if !bytes.Equal(res.Source, out) {
				t.Errorf("%s (%s): Apply differs from the runs checked one by one", name, mode.name)
			}
			if again := Apply(res.Source, checkAll, mode.want); again.Changed {
				t.Errorf("%s (%s): fixing twice changed it again:\n%s", name, mode.name, Diff(name, res.Source, again.Source))
			}
			before, after := shapeOf(src), shapeOf(res.Source)
			if mode.name == "all" {
				before.fenceFixed()
			}
			if diff := cmp.Diff(before, after, cmp.AllowUnexported(shape{})); diff != "" {
				t.Errorf("%s (%s): structure changed (-before +after):\n%s", name, mode.name, diff)
			}
		}
	}
	if files < 50 || edits == 0 {
		t.Fatalf("%d files, %d edits: the fixtures were not found", files, edits)
	}
	t.Logf("%d files, %d edits checked, %d fixed texts differ from their source; safe fixes per rule: %v", files, edits, changed, perRule)
}

func checkAll(doc *markdown.Document) []lint.Finding { return lint.Check(doc, lint.Options{}) }

// checkedFix applies the fixes run by run, as Apply does, and checks every
// applied edit against the protected ranges of the text it edits.
func checkedFix(t *testing.T, name string, src []byte, want func(lint.Finding) bool) (int, []byte) {
	edits := 0
	for range maxRuns {
		a := lint.ApplyFixes(src, checkAll(markdown.Parse(src)), want)
		if len(a.Fixes) == 0 {
			break
		}
		prot := protected(src)
		for _, f := range a.Fixes {
			for _, e := range f.Fix.Edits {
				edits++
				for _, p := range prot {
					if e.Offset < p.end && p.start < e.EndOffset || e.Offset == e.EndOffset && p.start < e.Offset && e.Offset < p.end {
						t.Errorf("%s: %s edit %d:%d-%d:%d %q lands in %s %q", name, f.Rule, e.Line, e.Column, e.EndLine, e.EndColumn,
							src[e.Offset:e.EndOffset], p.what, src[p.start:p.end])
					}
				}
			}
		}
		src = a.Source
	}
	return edits, src
}

// fixtures reads the markdown files under dirs.
func fixtures(t *testing.T, dirs []string) map[string][]byte {
	out := map[string][]byte{}
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			switch {
			case strings.HasSuffix(path, ".md"):
				if data, err := os.ReadFile(path); err == nil && len(data) < 4<<20 {
					out[path] = data
				}
			case strings.HasSuffix(path, ".txtar"):
				ar, err := txtar.ParseFile(path)
				if err != nil {
					return nil
				}
				for _, f := range ar.Files {
					if strings.HasSuffix(f.Name, ".md") {
						out[path+"/"+f.Name] = f.Data
					}
				}
			}
			return nil
		})
	}
	return out
}

// span is a byte range the fixes must not touch.
type span struct {
	start, end int
	what       string
}

var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM))

// body is src with its front matter blanked out, offsets unchanged, and the
// front matter's range.
func body(src []byte) ([]byte, span) {
	fm := markdown.Parse(src).FrontMatter
	b := bytes.Clone(src)
	for i := fm.Start; i < fm.End; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
	return b, span{fm.Start, fm.End, "front matter"}
}

// protected returns the ranges of src that are not prose, from goldmark's tree.
func protected(src []byte) []span {
	b, fm := body(src)
	out := []span{fm}
	lines := func(n ast.Node, what string) {
		for i := 0; i < n.Lines().Len(); i++ {
			s := n.Lines().At(i)
			out = append(out, span{s.Start, s.Stop, what})
		}
	}
	ast.Walk(gfm.Parser().Parse(text.NewReader(b)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			lines(n, "code")
			if n.Info != nil {
				out = append(out, span{n.Info.Segment.Start, n.Info.Segment.Stop, "a fence's info string"})
			}
		case *ast.CodeBlock:
			lines(n, "code")
		case *ast.HTMLBlock:
			lines(n, "HTML")
		case *ast.CodeSpan:
			if first, last := n.FirstChild(), n.LastChild(); first != nil {
				out = append(out, span{first.(*ast.Text).Segment.Start, last.(*ast.Text).Segment.Stop, "inline code"})
			}
		case *ast.RawHTML:
			for i := 0; i < n.Segments.Len(); i++ {
				s := n.Segments.At(i)
				out = append(out, span{s.Start, s.Stop, "HTML"})
			}
		case *ast.AutoLink:
			url := n.URL(b)
			if i := bytes.Index(b[max(0, n.Pos()-1):], n.Label(b)); i >= 0 {
				at := max(0, n.Pos()-1) + i
				out = append(out, span{at, at + len(n.Label(b)), "a URL " + string(url)})
			}
		case *ast.Link:
			// An inline link's destination and title: "](" to the ")".
			if pos := max(n.Pos(), 0); pos < len(b) {
				if i := bytes.Index(b[pos:], []byte("](")); i >= 0 {
					if j := bytes.IndexByte(b[pos+i:], ')'); j >= 0 {
						out = append(out, span{pos + i + 2, pos + i + j, "a link destination " + string(n.Destination)})
					}
				}
			}
		case *ast.Image:
			if pos := max(n.Pos(), 0); pos < len(b) {
				if j := bytes.IndexByte(b[pos:], ')'); j >= 0 {
					out = append(out, span{pos, pos + j + 1, "an image"})
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// shape is what fixing must keep of a draft's markdown.
type shape struct {
	Headings    []int
	Links       []string
	Images      []string
	Code        []string
	Infos       []string
	InlineCode  []string
	HTML        []string
	FrontMatter string
	Paragraphs  int
	ListItems   int
	Emphasis    []int
}

// fenceFixed is the shape after fence-language's fix: "text" on fences
// without an info string.
func (s *shape) fenceFixed() {
	for i, info := range s.Infos {
		if info == "(fenced) " {
			s.Infos[i] = "(fenced) text"
		}
	}
}

func shapeOf(src []byte) shape {
	b, fm := body(src)
	s := shape{FrontMatter: string(src[fm.start:fm.end])}
	text2 := func(n ast.Node) string {
		var sb strings.Builder
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			sb.Write(seg.Value(b))
		}
		return sb.String()
	}
	ast.Walk(gfm.Parser().Parse(text.NewReader(b)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			s.Headings = append(s.Headings, n.Level)
		case *ast.Link:
			s.Links = append(s.Links, string(n.Destination)+" "+string(n.Title))
		case *ast.AutoLink:
			s.Links = append(s.Links, string(n.URL(b)))
		case *ast.Image:
			s.Images = append(s.Images, string(n.Destination))
		case *ast.FencedCodeBlock:
			s.Code = append(s.Code, text2(n))
			info := ""
			if n.Info != nil {
				seg := n.Info.Segment
				info = string(seg.Value(b))
			}
			s.Infos = append(s.Infos, "(fenced) "+info)
		case *ast.CodeBlock:
			s.Code = append(s.Code, text2(n))
		case *ast.HTMLBlock:
			s.HTML = append(s.HTML, text2(n))
		case *ast.RawHTML:
			var sb strings.Builder
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				sb.Write(seg.Value(b))
			}
			s.HTML = append(s.HTML, sb.String())
		case *ast.CodeSpan:
			var sb strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				seg := c.(*ast.Text).Segment
				sb.Write(seg.Value(b))
			}
			s.InlineCode = append(s.InlineCode, sb.String())
		case *ast.Paragraph:
			s.Paragraphs++
		case *ast.ListItem:
			s.ListItems++
		case *ast.Emphasis:
			s.Emphasis = append(s.Emphasis, n.Level)
		}
		return ast.WalkContinue, nil
	})
	return s
}
