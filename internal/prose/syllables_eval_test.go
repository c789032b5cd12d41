package prose

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var showMisses = flag.Int("misses", 0, "print this many syllable misses per list")

// dictEntry is a word and the syllable counts of its dictionary pronunciations.
type dictEntry struct {
	word   string
	counts []int
}

func readSyllableList(t testing.TB, name string) []dictEntry {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "syllables", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []dictEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		word, list, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		e := dictEntry{word: word}
		for _, c := range strings.Split(list, ",") {
			n, err := strconv.Atoi(c)
			if err != nil {
				t.Fatalf("%s: bad count in %q", name, sc.Text())
			}
			e.counts = append(e.counts, n)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func (e dictEntry) agrees(n int) bool {
	for _, c := range e.counts {
		if c == n {
			return true
		}
	}
	return false
}

// agreement returns the share of entries whose count Syllables matches, and
// the misses.
func agreement(entries []dictEntry, count func(string) int) (float64, []string) {
	hits := 0
	var misses []string
	for _, e := range entries {
		n := count(e.word)
		if e.agrees(n) {
			hits++
		} else {
			misses = append(misses, fmt.Sprintf("%s got %d want %v", e.word, n, e.counts))
		}
	}
	return float64(hits) / float64(len(entries)), misses
}

// TestSyllableAgreement measures Syllables against the CMU Pronouncing
// Dictionary: the 20,000 most frequent words (target 97%) and rarer words
// that the exception table does not hold (target 92%), where a count agrees
// when it matches any of the dictionary's pronunciations.
func TestSyllableAgreement(t *testing.T) {
	t.Parallel()
	frequent := readSyllableList(t, "frequent.tsv")
	var rare []dictEntry
	for _, e := range readSyllableList(t, "rare.tsv") {
		if _, inTable := syllableExceptions[e.word]; !inTable {
			rare = append(rare, e)
		}
	}
	rules := func(w string) int { return max(ruleSyllables([]byte(w)), 1) }
	for _, c := range []struct {
		name    string
		entries []dictEntry
		count   func(string) int
		target  float64
	}{
		{"frequent (table and rules)", frequent, Syllables, 0.97},
		{"frequent (rules alone)", frequent, rules, 0},
		{"rare, in no table (rules alone)", rare, Syllables, 0.92},
	} {
		got, misses := agreement(c.entries, c.count)
		t.Logf("%-32s %6d words  %.2f%% agree", c.name, len(c.entries), 100*got)
		if got < c.target {
			t.Errorf("%s: %.2f%% agreement, want at least %.0f%%", c.name, 100*got, 100*c.target)
		}
		if *showMisses > 0 {
			sort.Strings(misses)
			for i, m := range misses {
				if i >= *showMisses {
					break
				}
				fmt.Println(c.name, m)
			}
		}
	}
}
