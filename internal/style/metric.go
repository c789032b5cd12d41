package style

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
	"github.com/speedgrapher/speedgrapher/internal/prose"
)

// metric evaluates a formula over counts of the text (words, sentences,
// syllables…) and flags the text when the result meets the condition.
type metric struct {
	r         *Rule
	formula   expr
	condition expr
}

func newMetric(r *Rule) (checker, string, error) {
	if r.Formula == "" {
		return nil, "formula", errorf("a metric rule needs a formula, such as \"(words / sentences)\"")
	}
	f, err := parseExpr(r.Formula)
	if err != nil {
		return nil, "formula", err
	}
	if r.Condition == "" {
		return nil, "condition", errorf("a metric rule needs a condition, such as \"> 20\"")
	}
	c, err := parseExpr("x " + r.Condition)
	if err != nil {
		return nil, "condition", err
	}
	return &metric{r: r, formula: f, condition: c}, "", nil
}

// metricVariables names what a formula may read.
var metricVariables = []string{
	"words", "sentences", "characters", "syllables", "complex_words", "long_words", "polysyllabic_words",
	"pre", "list", "blockquote", "heading_h1", "heading_h2", "heading_h3", "heading_h4", "heading_h5", "heading_h6",
}

func (m *metric) run(b *block, st *state) []hit {
	vars := textCounts(b.text)
	if vars["words"] == 0 {
		return nil
	}
	if st.doc != nil {
		for k, v := range docCounts(st.doc) {
			vars[k] = v
		}
	}
	res, err := m.formula.eval(vars)
	if err != nil {
		return nil
	}
	vars["x"] = res
	ok, err := m.condition.eval(vars)
	if err != nil || ok == 0 {
		return nil
	}
	return []hit{{message: format(m.r.Message, fmt.Sprintf("%.2f", res))}}
}

// textCounts are the counts Vale's formulas read, from our own segmenter
// and syllable counter.
func textCounts(text string) map[string]float64 {
	v := map[string]float64{}
	for _, w := range prose.Words(text) {
		word := text[w.Start:w.End]
		syl := prose.Syllables(word)
		v["words"]++
		v["syllables"] += float64(syl)
		letters := 0
		for _, r := range word {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				letters++
			}
		}
		v["characters"] += float64(letters)
		if letters > 6 {
			v["long_words"]++
		}
		if syl >= 3 {
			v["polysyllabic_words"]++
			if !strings.Contains(word, "-") && !unicode.IsUpper([]rune(word)[0]) {
				v["complex_words"]++
			}
		}
	}
	v["sentences"] = float64(len(prose.Sentences(text)))
	return v
}

// docCounts are the draft's counts of blocks by kind.
func docCounts(doc *markdown.Document) map[string]float64 {
	v := map[string]float64{"pre": float64(len(doc.CodeBlocks))}
	for _, b := range doc.Blocks {
		switch b.Kind {
		case markdown.ListItem:
			v["list"]++
		case markdown.Quote:
			v["blockquote"]++
		case markdown.Heading:
			v[fmt.Sprintf("heading_h%d", b.Level)]++
		}
	}
	return v
}

// expr is a parsed arithmetic or comparison expression.
type expr interface {
	eval(vars map[string]float64) (float64, error)
}

type num float64
type ident string
type binary struct {
	op   string
	l, r expr
}
type neg struct{ e expr }

func (n num) eval(map[string]float64) (float64, error) { return float64(n), nil }
func (i ident) eval(v map[string]float64) (float64, error) {
	x, ok := v[string(i)]
	if !ok {
		for _, known := range metricVariables {
			if known == string(i) {
				return 0, nil
			}
		}
		return 0, fmt.Errorf("unknown variable %q", string(i))
	}
	return x, nil
}
func (n neg) eval(v map[string]float64) (float64, error) {
	x, err := n.e.eval(v)
	return -x, err
}
func (b binary) eval(v map[string]float64) (float64, error) {
	l, err := b.l.eval(v)
	if err != nil {
		return 0, err
	}
	r, err := b.r.eval(v)
	if err != nil {
		return 0, err
	}
	truth := func(t bool) float64 {
		if t {
			return 1
		}
		return 0
	}
	switch b.op {
	case "+":
		return l + r, nil
	case "-":
		return l - r, nil
	case "*":
		return l * r, nil
	case "/":
		if r == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		return l / r, nil
	case ">":
		return truth(l > r), nil
	case "<":
		return truth(l < r), nil
	case ">=":
		return truth(l >= r), nil
	case "<=":
		return truth(l <= r), nil
	case "==":
		return truth(l == r), nil
	case "!=":
		return truth(l != r), nil
	}
	return 0, fmt.Errorf("unknown operator %q", b.op)
}

// parseExpr reads numbers, variables, + - * /, comparisons and brackets.
func parseExpr(s string) (expr, error) {
	p := &exprParser{toks: lexExpr(s)}
	e, err := p.comparison()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("parse %q: unexpected %q", s, p.toks[p.i])
	}
	return e, nil
}

func lexExpr(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case strings.ContainsRune("<>=!", rune(c)) && i+1 < len(s) && s[i+1] == '=':
			toks = append(toks, s[i:i+2])
			i += 2
		case strings.ContainsRune("+-*/()<>", rune(c)):
			toks = append(toks, string(c))
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n+-*/()<>=!", rune(s[j])) {
				j++
			}
			if j == i {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}

type exprParser struct {
	toks []string
	i    int
}

func (p *exprParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *exprParser) comparison() (expr, error) {
	l, err := p.sum()
	if err != nil {
		return nil, err
	}
	switch op := p.peek(); op {
	case ">", "<", ">=", "<=", "==", "!=":
		p.i++
		r, err := p.sum()
		if err != nil {
			return nil, err
		}
		return binary{op, l, r}, nil
	}
	return l, nil
}

func (p *exprParser) sum() (expr, error) {
	l, err := p.product()
	for err == nil && (p.peek() == "+" || p.peek() == "-") {
		op := p.toks[p.i]
		p.i++
		var r expr
		r, err = p.product()
		l = binary{op, l, r}
	}
	return l, err
}

func (p *exprParser) product() (expr, error) {
	l, err := p.unary()
	for err == nil && (p.peek() == "*" || p.peek() == "/") {
		op := p.toks[p.i]
		p.i++
		var r expr
		r, err = p.unary()
		l = binary{op, l, r}
	}
	return l, err
}

func (p *exprParser) unary() (expr, error) {
	switch t := p.peek(); {
	case t == "":
		return nil, fmt.Errorf("parse formula: unexpected end")
	case t == "-":
		p.i++
		e, err := p.unary()
		return neg{e}, err
	case t == "(":
		p.i++
		e, err := p.comparison()
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, fmt.Errorf("parse formula: missing \")\"")
		}
		p.i++
		return e, nil
	default:
		p.i++
		if f, err := strconv.ParseFloat(t, 64); err == nil {
			return num(f), nil
		}
		for _, r := range t {
			if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
				return nil, fmt.Errorf("parse formula: unexpected %q", t)
			}
		}
		return ident(t), nil
	}
}
