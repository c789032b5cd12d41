package prompts

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/template"
)

// Env is what rendering and completion need from the outside world; nil
// funcs mean "not available".
type Env struct {
	ReadFile  func(path string) (uri string, text string, err error) // a workspace file, for {{ draft .path }}
	Guideline func(name string) (string, error)                      // "editorial", "localization"
	ListFiles func(prefix string) []string                           // workspace markdown files, for completion
	// Exists checks a path-like argument (complete: files) before rendering:
	// nil when the file or folder is in the workspace. A nil Exists checks nothing.
	Exists func(path string) error
}

// parseFuncs are the funcs templates may call. draft and guideline need an
// Env, so Render replaces them on a clone of the set; these stand in at parse
// time and fail if ever called.
var parseFuncs = template.FuncMap{
	"draft":     func(string) (string, error) { return "", errors.New("draft: no environment") },
	"guideline": func(string) (string, error) { return "", errors.New("guideline: no environment") },
	"lower":     strings.ToLower,
	"upper":     strings.ToUpper,
	"trim":      strings.TrimSpace,
	stepFunc:    func(string) string { return "" },
}

// Render is RenderContext without a context: it stops only at its limits.
func (t *Template) Render(args map[string]string, env Env) ([]Message, error) {
	return t.RenderContext(context.Background(), args, env)
}

// RenderContext validates args and executes the template. Argument values
// are data: template syntax in a value appears literally in the output. A
// problem with the arguments, including a draft that cannot be read, is an
// *ArgumentError. Rendering stops when ctx is done, with ctx's error, and at
// the limits (MaxLoopSteps, MaxRenderBytes, MaxFormatWidth, RenderTimeout)
// with a *BudgetError naming the file and line.
func (t *Template) RenderContext(ctx context.Context, args map[string]string, env Env) ([]Message, error) {
	data, err := t.bind(args)
	if err != nil {
		return nil, err
	}
	if err := t.checkPaths(data, env); err != nil {
		return nil, err
	}
	r := &renderer{t: t, env: env, data: data, mark: "\x00" + rand.Text() + "\x00", budget: newBudget(ctx, t)}
	set, err := t.set.Clone()
	if err != nil {
		return nil, fmt.Errorf("render prompt %q: %w", t.Name, err)
	}
	set.Funcs(r.budget.funcs()).Funcs(template.FuncMap{"draft": r.draft, "guideline": r.guideline})

	messages := []Message{}
	for _, s := range t.sections {
		var buf bytes.Buffer
		if err := set.ExecuteTemplate(budgetWriter{r.budget, &buf}, s.name, data); err != nil {
			return nil, r.failure(err)
		}
		messages = r.split(messages, s.role, buf.String())
	}
	return messages, nil
}

// checkPaths refuses a path-like argument that names nothing in the
// workspace, before anything is rendered: otherwise /voice samples=posts/
// would send an agent to read a folder that is not there.
func (t *Template) checkPaths(data map[string]any, env Env) error {
	if env.Exists == nil {
		return nil
	}
	for _, a := range t.Arguments {
		v, _ := data[a.Name].(string)
		if a.Complete != "files" || v == "" {
			continue
		}
		if err := env.Exists(v); err != nil {
			return &ArgumentError{Prompt: t.Name, Argument: a.Name,
				Message: fmt.Sprintf("argument %q: %v", a.Name, err)}
		}
	}
	return nil
}

// failure is the error Render returns when execution fails with err: a
// func's own error reads better than the executor's wrapping of it.
func (r *renderer) failure(err error) error {
	if r.budget.err != nil {
		var be *BudgetError
		if errors.As(r.budget.err, &be) {
			// A failed function call knows its line better than the last step.
			if m := execLocation.FindStringSubmatch(err.Error()); m != nil && slices.ContainsFunc(r.t.sections, func(s section) bool { return s.name == m[1] }) {
				be.Where = r.t.File + ":" + m[2]
			}
			return be
		}
		return fmt.Errorf("render prompt %q: %w", r.t.Name, r.budget.err)
	}
	err = cmp.Or(r.err, err)
	var argErr *ArgumentError
	if errors.As(err, &argErr) {
		return argErr
	}
	return fmt.Errorf("render prompt %q: %w", r.t.Name, err)
}

// bind checks args against the declared arguments and returns the data the
// body executes with: every declared argument, given, defaulted or "".
func (t *Template) bind(args map[string]string) (map[string]any, error) {
	var unknown []string
	for name := range args {
		if !slices.ContainsFunc(t.Arguments, func(a Argument) bool { return a.Name == name }) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		takes := "it takes no arguments"
		if len(t.Arguments) > 0 {
			names := make([]string, len(t.Arguments))
			for i, a := range t.Arguments {
				names[i] = a.Name
			}
			takes = "it takes: " + strings.Join(names, ", ")
		}
		return nil, &ArgumentError{Prompt: t.Name, Argument: unknown[0],
			Message: fmt.Sprintf("unknown argument %q for prompt %q; %s", unknown[0], t.Name, takes)}
	}
	data := make(map[string]any, len(t.Arguments))
	for _, a := range t.Arguments {
		v := strings.TrimSpace(args[a.Name])
		switch {
		case v == "" && a.Required:
			return nil, &ArgumentError{Prompt: t.Name, Argument: a.Name,
				Message: fmt.Sprintf("missing required argument %q (%s)", a.Name, a.Description)}
		case v == "":
			v = a.Default
		case len(a.Values) > 0:
			i := slices.IndexFunc(a.Values, func(s string) bool { return strings.EqualFold(s, v) })
			if i < 0 {
				return nil, &ArgumentError{Prompt: t.Name, Argument: a.Name,
					Message: fmt.Sprintf("invalid value %q for argument %q; use one of: %s", v, a.Name, strings.Join(a.Values, ", "))}
			}
			v = a.Values[i]
		}
		data[a.Name] = v
	}
	if t.Format != FormatTemplate {
		positional(data)
	}
	return data, nil
}

// renderer holds the state of one Render call.
type renderer struct {
	t    *Template
	env  Env
	data map[string]any
	// mark brackets a draft's index in the output. It is random per render,
	// so no argument value or file can forge it.
	mark   string
	drafts []Resource
	err    error // the first error from a func, in case execution hides it
	budget *budget
}

// draft reads a workspace file and leaves a mark where its resource goes.
func (r *renderer) draft(p string) (string, error) {
	arg := ""
	for _, a := range r.t.Arguments {
		if r.data[a.Name] == p && p != "" {
			arg = a.Name
			break
		}
	}
	fail := func(reason string) error {
		msg := fmt.Sprintf("read draft %q: %s", p, reason)
		if arg != "" {
			msg = fmt.Sprintf("argument %q: read draft %q: %s", arg, p, reason)
		}
		if r.err == nil {
			r.err = &ArgumentError{Prompt: r.t.Name, Argument: arg, Message: msg}
		}
		return r.err
	}
	if r.env.ReadFile == nil {
		return "", fail("this server cannot read workspace files; paste the draft into the conversation instead")
	}
	if strings.TrimSpace(p) == "" {
		return "", fail("no path given; pass the path of a draft in the workspace")
	}
	uri, text, err := r.env.ReadFile(p)
	if err != nil {
		return "", fail(err.Error())
	}
	if err := r.budget.use(len(text)); err != nil {
		return "", err
	}
	r.drafts = append(r.drafts, Resource{URI: uri, MIMEType: mimeType(uri, p), Text: text})
	return r.mark + strconv.Itoa(len(r.drafts)-1) + r.mark, nil
}

func (r *renderer) guideline(name string) (string, error) {
	if r.env.Guideline == nil {
		err := fmt.Errorf("guideline %q: guidelines are not available here", name)
		r.err = cmp.Or(r.err, err)
		return "", err
	}
	text, err := r.env.Guideline(name)
	if err != nil {
		err = fmt.Errorf("guideline %q: %w", name, err)
		r.err = cmp.Or(r.err, err)
		return "", err
	}
	return text, r.budget.use(len(text))
}

// split turns one section's output into messages: the text around each draft
// mark, trimmed, and the drafts as resources, all in role; empty text is dropped.
func (r *renderer) split(out []Message, role, text string) []Message {
	parts := strings.Split(text, r.mark)
	for i, part := range parts {
		if i%2 == 1 {
			n, err := strconv.Atoi(part)
			if err == nil && n >= 0 && n < len(r.drafts) {
				res := r.drafts[n]
				out = append(out, Message{Role: role, Resource: &res})
			}
			continue
		}
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, Message{Role: role, Text: part})
		}
	}
	return out
}

// mimeType is text/markdown for markdown files, else text/plain.
func mimeType(uri, p string) string {
	ext := strings.ToLower(path.Ext(uri))
	if ext == "" {
		ext = strings.ToLower(path.Ext(p))
	}
	switch ext {
	case ".md", ".markdown", ".mdx":
		return "text/markdown"
	}
	return "text/plain"
}
