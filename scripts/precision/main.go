// Command precision measures the lint rules on the precision corpus that
// scripts/corpus/fetch.sh builds: findings per 1,000 prose words by rule and
// by severity, the files that fail the default gate, and each rule's
// precision from the hand labels in testdata/precision/labels.tsv.
//
// Usage:
//
//	go run ./scripts/precision [-corpus DIR] [-bin speedgrapher] [-labels FILE]
//	go run ./scripts/precision -sample 25 -seed 1 [-rule RULE] > sample.txt
//
// It runs the speedgrapher binary (built from this tree when -bin is empty)
// the way a user does, one workspace per module or package, so that
// "before" numbers come from an older binary with the same command.
// With -sample it prints findings not yet labelled, stratified by rule, each
// with three lines of context and a label line to fill in.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
	"github.com/speedgrapher/speedgrapher/scripts/precision/labels"
)

// doc is one corpus document, a row of the manifest.
type doc struct {
	ID, Source, Package, Version, Path, Kind string
	Words                                    int
}

// finding is what `speedgrapher lint --format json` prints, with the
// document it belongs to.
type finding struct {
	File     string `json:"file"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Match    string `json:"match"`
	doc      *doc
}

func (f *finding) key() labels.Key {
	return labels.Key{Doc: f.doc.ID, Line: f.Line, Column: f.Column, Rule: f.Rule}
}

var severityRank = map[string]int{"suggestion": 1, "warning": 2, "error": 3}

func main() {
	log := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "precision: "+format+"\n", args...) }
	// The same default as scripts/corpus/fetch.sh.
	defaultCorpus := os.Getenv("SPEEDGRAPHER_CORPUS")
	if defaultCorpus == "" {
		cache := os.Getenv("XDG_CACHE_HOME")
		if cache == "" {
			cache = filepath.Join(os.Getenv("HOME"), ".cache")
		}
		defaultCorpus = filepath.Join(cache, "speedgrapher-corpus")
	}
	corpus := flag.String("corpus", defaultCorpus, "the corpus `dir` that scripts/corpus/fetch.sh wrote")
	bin := flag.String("bin", "", "the speedgrapher `binary` to measure (default: build ./cmd/speedgrapher)")
	labelFile := flag.String("labels", "testdata/precision/labels.tsv", "the hand labels")
	sample := flag.Int("sample", 0, "print up to `n` unlabelled findings per rule to label, instead of the report")
	seed := flag.Uint64("seed", 1, "the sample's random seed")
	only := flag.String("rule", "", "with -sample, only this rule")
	skipKind := flag.String("skip-kind", "", "with -sample, leave out documents of this kind (say changelog)")
	perDoc := flag.Int("per-doc", 0, "with -sample, at most `n` findings of a rule from one document (0: no limit)")
	flag.Parse()

	docs, err := readManifest(filepath.Join(*corpus, "manifest.tsv"))
	if err != nil {
		log("%v; build the corpus first with scripts/corpus/fetch.sh", err)
		os.Exit(2)
	}
	if *bin == "" {
		tmp, err := os.MkdirTemp("", "precision")
		if err != nil {
			log("%v", err)
			os.Exit(2)
		}
		defer os.RemoveAll(tmp)
		*bin = filepath.Join(tmp, "speedgrapher")
		if out, err := exec.Command("go", "build", "-o", *bin, "./cmd/speedgrapher").CombinedOutput(); err != nil {
			log("build ./cmd/speedgrapher: %v\n%s", err, out)
			os.Exit(2)
		}
	}
	findings, err := lintCorpus(*bin, *corpus, docs)
	if err != nil {
		log("%v", err)
		os.Exit(2)
	}
	findings, dropped := dropPartialLinks(findings)
	if dropped > 0 {
		log("left out %d missing-file and cross-file broken-anchor findings in npm packages, which ship only part of their repository", dropped)
	}
	lab, err := labels.Load(*labelFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		log("%v", err)
		os.Exit(2)
	}
	if *sample > 0 {
		printSample(os.Stdout, *corpus, findings, lab, sampleOptions{*sample, *seed, *only, *skipKind, *perDoc})
		return
	}
	report(os.Stdout, docs, findings, lab)
}

// readManifest reads the manifest and counts each document's prose words.
func readManifest(path string) ([]*doc, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	var docs []*doc
	root := filepath.Dir(path)
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("read manifest %q line %d: want 6 fields, have %d", path, i+1, len(f))
		}
		d := &doc{ID: f[0], Source: f[1], Package: f[2], Version: f[3], Path: f[4], Kind: f[5]}
		src, err := os.ReadFile(filepath.Join(root, d.Path))
		if err != nil {
			return nil, fmt.Errorf("read corpus document: %w", err)
		}
		d.Words = prose.Analyze(markdown.Parse(src)).Words
		docs = append(docs, d)
	}
	return docs, nil
}

// packageRoot is the workspace a document is linted in: its module or
// package directory, so that relative links resolve as they do on the
// project's site.
func packageRoot(d *doc) string {
	rel := strings.TrimPrefix(d.ID, d.Source+":")
	return strings.TrimSuffix(d.Path, rel[strings.Index(rel, "@"+d.Version+"/")+len("@"+d.Version):])
}

// lintCorpus runs bin on every document, one run per package.
func lintCorpus(bin, corpus string, docs []*doc) ([]*finding, error) {
	byRoot := map[string][]*doc{}
	var roots []string
	for _, d := range docs {
		r := packageRoot(d)
		if byRoot[r] == nil {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], d)
	}
	var all []*finding
	for _, r := range roots {
		dir := filepath.Join(corpus, r)
		args := []string{"lint", "--format", "json", "--fail-on", "error"}
		byFile := map[string]*doc{}
		for _, d := range byRoot[r] {
			rel := strings.TrimPrefix(d.Path, r+"/")
			args = append(args, rel)
			byFile[rel] = d
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var exit *exec.ExitError
		if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
			return nil, fmt.Errorf("lint %q: %w\n%s", dir, err, stderr.Bytes())
		}
		var res struct{ Findings []*finding }
		if err := json.Unmarshal(out, &res); err != nil {
			return nil, fmt.Errorf("lint %q: read json: %w", dir, err)
		}
		for _, f := range res.Findings {
			f.doc = byFile[f.File]
			if f.doc == nil {
				return nil, fmt.Errorf("lint %q: finding in unknown file %q", dir, f.File)
			}
			all = append(all, f)
		}
	}
	return all, nil
}

// dropPartialLinks leaves out link findings that only the corpus causes: an
// npm package ships a few of its repository's files, so a README link to
// docs/api.md that works on the project's site points nowhere here.
func dropPartialLinks(findings []*finding) (kept []*finding, dropped int) {
	for _, f := range findings {
		crossFile := f.Rule == "missing-file" || (f.Rule == "broken-anchor" && !strings.HasPrefix(f.Match, "#"))
		if f.doc.Source == "npm" && crossFile {
			dropped++
			continue
		}
		kept = append(kept, f)
	}
	return kept, dropped
}

// wellKept reports whether d is the front README of a popular module or
// package: every package in the corpus is one, chosen for its use.
func wellKept(d *doc) bool {
	rel := strings.ToLower(d.ID[strings.Index(d.ID, "@"+d.Version+"/")+len("@"+d.Version+"/"):])
	return rel == "readme.md" || rel == "readme.markdown"
}

func per1000(n, words int) float64 {
	if words == 0 {
		return 0
	}
	return float64(n) * 1000 / float64(words)
}

func report(w io.Writer, docs []*doc, findings []*finding, lab map[labels.Key]labels.Label) {
	words := 0
	kinds := map[string][2]int{}
	for _, d := range docs {
		words += d.Words
		k := kinds[d.Kind]
		kinds[d.Kind] = [2]int{k[0] + 1, k[1] + d.Words}
	}
	fmt.Fprintf(w, "corpus: %d documents, %d prose words\n", len(docs), words)
	for _, k := range sortedKeys(kinds) {
		fmt.Fprintf(w, "  %-10s %4d documents %8d words\n", k, kinds[k][0], kinds[k][1])
	}

	bySev := map[string]int{}
	byRule := map[string]map[string]int{}
	for _, f := range findings {
		bySev[f.Severity]++
		if byRule[f.Rule] == nil {
			byRule[f.Rule] = map[string]int{}
		}
		byRule[f.Rule][f.Severity]++
	}
	fmt.Fprintf(w, "\nfindings: %d (%.1f per 1,000 prose words)\n", len(findings), per1000(len(findings), words))
	for _, s := range []string{"error", "warning", "suggestion"} {
		fmt.Fprintf(w, "  %-10s %5d  %6.2f per 1,000 words\n", s, bySev[s], per1000(bySev[s], words))
	}
	gate := bySev["error"] + bySev["warning"]
	fmt.Fprintf(w, "  warning+error %d  %.2f per 1,000 words (target at most 10)\n", gate, per1000(gate, words))

	// Precision from the labels that match a finding of this run.
	type tally struct{ n, tp, warn, err, worth int }
	prec := map[string]*tally{}
	stale, artefacts := 0, 0
	seen := map[labels.Key]bool{}
	for _, f := range findings {
		l, ok := lab[f.key()]
		if !ok || seen[f.key()] {
			continue
		}
		seen[f.key()] = true
		if l.Artefact() {
			artefacts++
			continue
		}
		t := prec[f.Rule]
		if t == nil {
			t = &tally{}
			prec[f.Rule] = t
		}
		t.n++
		if l.TruePositive {
			t.tp++
		}
		if l.Deserves >= 2 {
			t.warn++
		}
		if l.Deserves >= 3 {
			t.err++
		}
		if l.Deserves >= severityRank[f.Severity] {
			t.worth++
		}
	}
	for k := range lab {
		if !seen[k] {
			stale++
		}
	}

	fmt.Fprintf(w, "\nper rule (count at its severity, per 1,000 words; precision from %d labels that still match, less %d corpus artefacts; %d labelled findings no longer fire):\n", len(seen), artefacts, stale)
	fmt.Fprintf(w, "  %-18s %-10s %6s %7s | %4s %4s %4s %9s %9s %9s\n", "rule", "severity", "count", "/1000", "n", "TP", "FP", "P(true)", "P(>=warn)", "worth-sev")
	rules := sortedKeys(byRule)
	sort.SliceStable(rules, func(i, j int) bool { return total(byRule[rules[i]]) > total(byRule[rules[j]]) })
	for _, r := range rules {
		for _, s := range []string{"error", "warning", "suggestion"} {
			n := byRule[r][s]
			if n == 0 {
				continue
			}
			line := fmt.Sprintf("  %-18s %-10s %6d %7.2f |", r, s, n, per1000(n, words))
			if t := prec[r]; t != nil && t.n > 0 {
				pct := func(a int) string { return fmt.Sprintf("%3d%%", a*100/t.n) }
				line += fmt.Sprintf(" %4d %4d %4d %9s %9s %9s", t.n, t.tp, t.n-t.tp, pct(t.tp), pct(t.warn), pct(t.worth))
			} else {
				line += "   (no labels)"
			}
			fmt.Fprintln(w, line)
		}
	}
	// Precision of the default gate as a whole: labels weighted by each
	// rule's share of warning and error findings.
	var wantGate, gateWorth float64
	for r, c := range byRule {
		g := c["warning"] + c["error"]
		if g == 0 || prec[r] == nil || prec[r].n == 0 {
			continue
		}
		wantGate += float64(g)
		gateWorth += float64(g) * float64(prec[r].worth) / float64(prec[r].n)
	}
	if wantGate > 0 {
		fmt.Fprintf(w, "  estimated precision of warning+error findings (labels weighted by count): %.0f%%\n", 100*gateWorth/wantGate)
	}

	failing := map[*doc][]*finding{}
	for _, f := range findings {
		if severityRank[f.Severity] >= 2 {
			failing[f.doc] = append(failing[f.doc], f)
		}
	}
	readmes, readmesFail := 0, 0
	for _, d := range docs {
		if wellKept(d) {
			readmes++
			if failing[d] != nil {
				readmesFail++
			}
		}
	}
	fmt.Fprintf(w, "\nfiles failing the default gate (--fail-on warning): %d of %d\n", len(failing), len(docs))
	fmt.Fprintf(w, "well-kept READMEs failing: %d of %d (target at most 1 in 10)\n", readmesFail, readmes)
	for _, d := range docs {
		if !wellKept(d) || failing[d] == nil {
			continue
		}
		fmt.Fprintf(w, "  %s (%d):", d.ID, len(failing[d]))
		for _, f := range failing[d][:min(3, len(failing[d]))] {
			fmt.Fprintf(w, " %d:%d %s %q;", f.Line, f.Column, f.Rule, trim(f.Match, 40))
		}
		fmt.Fprintln(w)
	}
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func trim(s string, n int) string {
	s = labels.Clean(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// sampleOptions choose the findings printSample shows.
type sampleOptions struct {
	n        int    // per rule
	seed     uint64 // of the shuffle
	rule     string // only this rule, when set
	skipKind string // leave out documents of this kind, when set
	perDoc   int    // at most this many of a rule from one document; 0: no limit
}

// printSample prints up to o.n unlabelled findings of each rule, picked
// with a seeded shuffle, with three lines of context either side and a
// label line to complete (verdict, deserves, reason).
func printSample(w io.Writer, corpus string, findings []*finding, lab map[labels.Key]labels.Label, o sampleOptions) {
	byRule := map[string][]*finding{}
	for _, f := range findings {
		if _, done := lab[f.key()]; done || (o.rule != "" && f.Rule != o.rule) || f.doc.Kind == o.skipKind {
			continue
		}
		byRule[f.Rule] = append(byRule[f.Rule], f)
	}
	r := rand.New(rand.NewPCG(o.seed, 0))
	for _, rule := range sortedKeys(byRule) {
		fs := byRule[rule]
		r.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
		if o.perDoc > 0 {
			fromDoc := map[*doc]int{}
			fs = slices.DeleteFunc(fs, func(f *finding) bool {
				fromDoc[f.doc]++
				return fromDoc[f.doc] > o.perDoc
			})
		}
		for _, f := range fs[:min(o.n, len(fs))] {
			fmt.Fprintf(w, "=== %s %s %s:%d:%d %s\n", f.Rule, f.Severity, f.doc.ID, f.Line, f.Column, f.Message)
			printContext(w, filepath.Join(corpus, f.doc.Path), f.Line)
			k := f.key()
			fmt.Fprintf(w, "LABEL\t%s\t%d\t%d\t%s\t%s\t?\t?\t\n\n", k.Doc, k.Line, k.Column, k.Rule, labels.Clean(f.Match))
		}
	}
}

func printContext(w io.Writer, path string, line int) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(w, "  (%v)\n", err)
		return
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for i := 1; s.Scan() && i <= line+3; i++ {
		if i >= line-3 {
			mark := "  "
			if i == line {
				mark = "> "
			}
			fmt.Fprintf(w, "%s%5d| %s\n", mark, i, trim(s.Text(), 300))
		}
	}
}
