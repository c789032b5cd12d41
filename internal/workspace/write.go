package workspace

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrChanged classifies a write refused because the file changed on disk
// after it was read.
var ErrChanged = errors.New("changed on disk")

// WriteFile replaces the content of the workspace file path with data. old
// is the content ReadFile returned: when the file no longer holds it, someone
// else edited it meanwhile and nothing is written (the error wraps
// ErrChanged). The write is atomic: data goes to a temporary file in the same
// directory, with the file's mode, which is renamed over the file after a
// last check that the file is unchanged. A byte order mark that ReadFile
// removed is put back. Every step goes through the root that holds the file,
// so a link swapped in meanwhile cannot lead outside it.
func (w *Workspace) WriteFile(path string, old, data []byte) error {
	abs, err := w.Resolve(path)
	if err != nil {
		return err
	}
	rootDir, ok := w.rootOf(abs)
	if !ok {
		return w.outside(path)
	}
	rel, err := filepath.Rel(rootDir, abs)
	if err != nil {
		return w.outside(path)
	}
	root, err := os.OpenRoot(rootDir)
	if err != nil {
		return &refusal{ErrNotFound, fmt.Sprintf("workspace %s cannot be opened (%s); check it still exists", rootDir, reason(err))}
	}
	defer root.Close()

	info, err := root.Lstat(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return w.notFound(path)
	}
	if err != nil {
		return &refusal{ErrNotFound, fmt.Sprintf("file %q cannot be read (%s); check its permissions", path, reason(err))}
	}
	if err := checkRegular(path, info); err != nil {
		return err
	}
	current, err := readIn(root, rel)
	if err != nil {
		return &refusal{ErrNotFound, fmt.Sprintf("file %q cannot be read (%s); try again", path, reason(err))}
	}
	if !bytes.Equal(bytes.TrimPrefix(current, utf8BOM), old) {
		return changed(path)
	}
	if bytes.HasPrefix(current, utf8BOM) {
		data = append(bytes.Clone(utf8BOM), data...)
	}

	tmp, err := writeTemp(root, rel, data, info.Mode().Perm())
	if err != nil {
		return fmt.Errorf("write %q: %s; check the folder is writable", path, reason(err))
	}
	// The last look before the rename: an editor may have saved meanwhile.
	if now, err := readIn(root, rel); err != nil || !bytes.Equal(now, current) {
		root.Remove(tmp)
		return changed(path)
	}
	if err := root.Rename(tmp, rel); err != nil {
		root.Remove(tmp)
		return fmt.Errorf("write %q: %s; check the folder is writable", path, reason(err))
	}
	return nil
}

func changed(path string) error {
	return &refusal{ErrChanged, fmt.Sprintf("file %q changed on disk since it was read; nothing was written; run the fix again", path)}
}

// readIn reads a regular file of root, without blocking on a FIFO swapped in.
func readIn(root *os.Root, rel string) ([]byte, error) {
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	return io.ReadAll(io.LimitReader(f, MaxFileSize+1))
}

// writeTemp writes data to a new hidden file beside rel, with mode perm, and
// returns its name.
func writeTemp(root *os.Root, rel string, data []byte, perm fs.FileMode) (string, error) {
	var buf [6]byte
	rand.Read(buf[:])
	tmp := filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+".speedgrapher-"+hex.EncodeToString(buf[:]))
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Chmod(tmp, perm) // the umask may have taken bits away
	}
	if err != nil {
		root.Remove(tmp)
		return "", err
	}
	return tmp, nil
}
