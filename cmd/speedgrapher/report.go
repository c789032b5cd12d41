package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speedgrapher/speedgrapher/tools"
)

// readability prints a writer's report of how hard each file is to read:
// the summary, the hardest sentences as file:line:col, and the grade of each
// section. --format json prints the tool's structured results instead.
func (c *cli) readability(args []string) int {
	return c.reportFiles("readability", args, func(w io.Writer, file string, raw json.RawMessage) error {
		var r tools.ReadabilityResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return err
		}
		writeReadability(w, file, r)
		return nil
	})
}

// structure prints each file's outline, its counts and its structure findings.
func (c *cli) structure(args []string) int {
	return c.reportFiles("structure", args, func(w io.Writer, file string, raw json.RawMessage) error {
		var r tools.StructureResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return err
		}
		writeStructure(w, file, r)
		return nil
	})
}

// reportFiles runs tool on each file through the same server an agent talks
// to, and prints each result with text (or all of them as JSON).
func (c *cli) reportFiles(tool string, args []string, text func(w io.Writer, file string, raw json.RawMessage) error) int {
	format := "text"
	fs := c.flagSet("speedgrapher "+tool, workspaceFlags|logFlags)
	fs.Func("format", "output `format`: text (for people) or json (the tool's structured result)", func(v string) error {
		if v != "text" && v != "json" {
			return fmt.Errorf("want text or json")
		}
		format = v
		return nil
	})
	cmd, _ := lookupCommand(tool)
	files, status, ok := c.parseCommandLine(fs, args, false, func(w io.Writer) { c.commandUsage(w, fs, cmd) })
	if !ok {
		return status
	}
	if len(files) == 0 {
		return c.usageError("%s needs at least one markdown file", tool)
	}
	status = 0
	results := map[string]json.RawMessage{}
	code := c.withSession(func(ctx context.Context, s *mcp.ClientSession) int {
		for i, file := range files {
			res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"path": file}})
			if err != nil {
				return c.fail("%s", protocolMessage(err))
			}
			if res.IsError {
				fmt.Fprintf(c.stderr, "speedgrapher: %s\n", textOf(res.Content))
				status = exitUsage
				continue
			}
			raw, err := json.Marshal(res.StructuredContent)
			if err != nil {
				return c.fail("reading the result for %s: %v", file, err)
			}
			if format == "json" {
				results[file] = raw
				continue
			}
			if i > 0 {
				fmt.Fprintln(c.stdout)
			}
			if err := text(c.stdout, file, raw); err != nil {
				return c.fail("reading the result for %s: %v", file, err)
			}
		}
		return 0
	})
	if code != 0 {
		return code
	}
	if format == "json" {
		var out any = results
		if len(files) == 1 {
			out = results[files[0]]
		}
		data, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(c.stdout, "%s\n", data)
	}
	return status
}

// writeReadability is the readability report a writer reads in a terminal.
func writeReadability(w io.Writer, file string, r tools.ReadabilityResult) {
	fmt.Fprintf(w, "%s\n", file)
	if r.Words == 0 {
		fmt.Fprintf(w, "  %s\n", r.Note)
		return
	}
	fmt.Fprintf(w, "  Grade %.1f (%s). Flesch reading ease %.1f. %s in %s, about %s to read.\n",
		r.Grade, r.Audience, r.FleschReadingEase, plural(r.Words, "word"), plural(r.Sentences, "sentence"),
		readingTime(r.ReadingTimeSeconds))
	if r.Note != "" {
		fmt.Fprintf(w, "  Note: %s\n", r.Note)
	}
	switch {
	case len(r.HardestSentences) == 0:
		fmt.Fprintf(w, "  No hard sentences.\n")
	default:
		fmt.Fprintf(w, "  %d hard and %d very hard sentences. The hardest:\n", r.HardSentences, r.VeryHardSentences)
		for _, s := range r.HardestSentences {
			fmt.Fprintf(w, "    %s:%d:%d: %s, grade %.1f, %d words\n      %s\n",
				file, s.Line, s.Column, s.Difficulty, s.Grade, s.Words, shorten(s.Text, 100))
		}
	}
	if len(r.Sections) > 1 {
		fmt.Fprintf(w, "  By section (grade, words):\n")
		for _, s := range r.Sections {
			heading := "(before the first heading)"
			if s.Level > 0 {
				heading = strings.Repeat("#", s.Level) + " " + s.Heading
			}
			fmt.Fprintf(w, "    %5.1f %6d  %s\n", s.Grade, s.Words, shorten(heading, 70))
		}
	}
}

// writeStructure is the structure report: outline, counts, findings.
func writeStructure(w io.Writer, file string, r tools.StructureResult) {
	fmt.Fprintf(w, "%s\n", file)
	if r.Title != "" {
		fmt.Fprintf(w, "  Title: %s\n", r.Title)
	}
	c := r.Counts
	fmt.Fprintf(w, "  %s, %s, %s, %s, %s, %s.\n", plural(c.Words, "word"), plural(c.Paragraphs, "paragraph"),
		plural(c.Lists, "list"), plural(c.Links, "link"), plural(c.Images, "image"), plural(c.CodeBlocks, "code block"))
	if len(r.Outline) > 0 {
		fmt.Fprintf(w, "  Outline:\n")
		for _, h := range r.Outline {
			fmt.Fprintf(w, "    %s%s %s  (line %d)\n", strings.Repeat("  ", h.Level-1), strings.Repeat("#", h.Level), h.Text, h.Line)
		}
	}
	if len(r.Findings) == 0 {
		fmt.Fprintf(w, "  No structure problems.\n")
		return
	}
	fmt.Fprintf(w, "  Findings:\n")
	for _, f := range r.Findings {
		fmt.Fprintf(w, "    %s:%d:%d: %s: %s [%s]\n", file, f.Line, f.Column, f.Severity, f.Message, f.Rule)
	}
}

// readingTime says 45 s, or 5 min.
func readingTime(seconds int) string {
	if seconds < 60 {
		return fmt.Sprintf("%d s", seconds)
	}
	return fmt.Sprintf("%d min", (seconds+30)/60)
}

// shorten cuts s to at most n characters at a word boundary, with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return cut + " …"
}
