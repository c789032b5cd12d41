package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"unicode/utf8"
)

// sniffLen is how much of a file is searched for a NUL byte to tell binary
// content from text (the same window git uses).
const sniffLen = 8 << 10

var utf8BOM = []byte("\xEF\xBB\xBF")

// ReadFile resolves path, refuses non-regular files, files over MaxFileSize,
// binary or non-UTF-8 content, and returns the absolute path and the bytes
// without a leading UTF-8 byte order mark. It never opens a FIFO or a device:
// the file is checked before it is opened, opened without blocking, and
// checked again once open.
func (w *Workspace) ReadFile(path string) (abs string, data []byte, err error) {
	abs, err = w.Resolve(path)
	if err != nil {
		return "", nil, err
	}
	before, err := os.Lstat(abs)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return "", nil, w.notFound(path)
	}
	if err != nil {
		return "", nil, &refusal{ErrNotFound, fmt.Sprintf("file %q cannot be read (%s); check the name and its permissions", path, reason(err))}
	}
	if err := checkRegular(path, before); err != nil {
		return "", nil, err
	}
	f, err := w.open(path, abs, before)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	data, err = io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return "", nil, &refusal{ErrNotFound, fmt.Sprintf("file %q cannot be read (%s); try again", path, reason(err))}
	}
	if len(data) > MaxFileSize {
		return "", nil, tooLarge(path)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if err := checkText(path, data); err != nil {
		return "", nil, err
	}
	return abs, data, nil
}

// open opens the regular file abs, which was found as before, inside the
// root that contains it, and checks that the open file is still that file:
// the path may have been swapped between the check and the open.
func (w *Workspace) open(path, abs string, before fs.FileInfo) (*os.File, error) {
	rootDir, ok := w.rootOf(abs)
	if !ok {
		return nil, w.outside(path)
	}
	root, err := os.OpenRoot(rootDir)
	if err != nil {
		return nil, &refusal{ErrNotFound, fmt.Sprintf("workspace %s cannot be opened (%s); check it still exists", rootDir, reason(err))}
	}
	defer root.Close()
	rel, err := filepath.Rel(rootDir, abs)
	if err != nil {
		return nil, w.outside(path)
	}
	// O_NONBLOCK: should a FIFO have been swapped in, opening it must not wait for a writer.
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, w.notFound(path)
		}
		// os.Root refuses a link that leaves the root; other errors say no more.
		return nil, w.outside(path)
	}
	after, err := f.Stat()
	if err == nil {
		err = checkRegular(path, after)
	}
	if err == nil && !os.SameFile(before, after) {
		err = &refusal{ErrOutside, fmt.Sprintf("file %q changed while it was being opened; try again", path)}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkRegular refuses anything but a regular file of at most MaxFileSize bytes.
func checkRegular(path string, info fs.FileInfo) error {
	mode := info.Mode()
	switch {
	case mode.IsRegular():
		if info.Size() > MaxFileSize {
			return tooLarge(path)
		}
		return nil
	case mode.IsDir():
		return &refusal{ErrNotRegular, fmt.Sprintf("path %q is a directory; pass a markdown file", path)}
	}
	kind := "a special file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case mode&fs.ModeSocket != 0:
		kind = "a socket"
	case mode&fs.ModeDevice != 0:
		kind = "a device"
	case mode&fs.ModeSymlink != 0:
		kind = "a symbolic link that changed while it was being read"
	}
	return &refusal{ErrNotRegular, fmt.Sprintf("path %q is %s, not a regular file; pass a markdown file", path, kind)}
}

func tooLarge(path string) error {
	return &refusal{ErrTooLarge, fmt.Sprintf("file %q is larger than %d MiB; pass a smaller file or split it", path, MaxFileSize>>20)}
}

// checkText refuses binary content and invalid UTF-8, naming the first bad line.
func checkText(path string, data []byte) error {
	if bytes.IndexByte(data[:min(len(data), sniffLen)], 0) >= 0 {
		return &refusal{ErrBinary, fmt.Sprintf("file %q looks binary, not text; pass a markdown file", path)}
	}
	if utf8.Valid(data) {
		return nil
	}
	line := 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size == 1 {
			break
		}
		if r == '\n' {
			line++
		}
		data = data[size:]
	}
	return &refusal{ErrBinary, fmt.Sprintf("file %q is not valid UTF-8 (line %d); save it as UTF-8 and try again", path, line)}
}

// reason is the operating system's short reason for err, without the path
// (which may name a place outside the workspace).
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
