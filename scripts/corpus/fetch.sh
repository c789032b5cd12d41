#!/usr/bin/env bash
# fetch.sh builds the precision corpus: real markdown from pinned Go modules
# and npm packages, written under a cache directory with a manifest. Nothing
# here is committed: the pinned versions keep the document list (and so the
# hand labels in testdata/precision/labels.tsv) stable.
#
# Usage: scripts/corpus/fetch.sh [CACHE_DIR]
# Default CACHE_DIR: $SPEEDGRAPHER_CORPUS, else $XDG_CACHE_HOME/speedgrapher-corpus
# (~/.cache/speedgrapher-corpus). Needs the Go module proxy and the npm registry;
# offline it stops with a message and exit status 3. Run it from anywhere;
# run `go run ./scripts/precision` from the repository root afterwards.
# The module cache inside is read-only, as Go makes it: remove the corpus
# with `GOMODCACHE=CACHE_DIR/gomod go clean -modcache && rm -rf CACHE_DIR`.
set -euo pipefail
export LC_ALL=C # the stable pick order must not depend on the locale

here=$(cd "$(dirname "$0")" && pwd)
cache=${1:-${SPEEDGRAPHER_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/speedgrapher-corpus}}
mkdir -p "$cache/npm" "$cache/tmp"
cache=$(cd "$cache" && pwd)
cd "$cache/tmp" # outside any module, so go mod download touches no go.mod

# A private module cache, so the corpus never mixes with the build's.
export GOMODCACHE="$cache/gomod" GOPATH="$cache/gopath" GOFLAGS=-mod=mod GOWORK=off
manifest="$cache/manifest.tsv"
tmp="$cache/tmp/manifest.$$"
printf 'id\tsource\tpackage\tversion\tpath\tkind\n' >"$tmp"

# kind names what a document is from its path: the kinds are judged differently.
kind() {
	local p=${1,,} base=${1##*/}
	base=${base,,}
	case "$base" in
	readme*) echo readme; return ;;
	changelog* | changes* | history* | release* | news.md) echo changelog; return ;;
	license* | licence* | copying*) echo license; return ;;
	contributing* | code_of_conduct* | code-of-conduct* | security* | governance* | support* | maintainers*) echo community; return ;;
	esac
	case "$p" in
	*/blog/* | */posts/* | */news/*) echo blog ;;
	*tutorial* | *getting-started* | *getting_started* | *quickstart* | *guide* | *howto* | */learn/*) echo tutorial ;;
	*/design/* | *proposal*) echo design ;;
	*) echo reference ;;
	esac
}

# pick prints up to $2 markdown files under dir $1 (relative paths): every
# top-level README and CHANGELOG, then the rest in a stable pseudo-random
# order (by SHA-1 of the path), leaving out fixtures and vendored copies.
pick() {
	local dir=$1 max=$2
	(cd "$dir" && find . -type f \( -iname '*.md' -o -iname '*.markdown' \) \
		-not -path '*/vendor/*' -not -path '*/node_modules/*' -not -path '*/testdata/*' \
		-not -path '*/.github/*' -not -path '*/_testdata/*' -not -path '*/fixtures/*' \
		-not -path '*/test/*' -not -path '*/tests/*' -not -path '*/_benchmark/*' -not -path '*/_fixture/*' -size -300k | sed 's|^\./||' |
		while read -r f; do
			case "${f,,}" in
			readme.md | changelog.md | history.md) printf '0 %s\n' "$f" ;;
			*) printf '1%s %s\n' "$(printf %s "$f" | sha1sum | cut -c1-12)" "$f" ;;
			esac
		done | sort | awk -v m="$max" 'NR <= m' | cut -d' ' -f2-)
}

if ! go mod download -json github.com/fatih/color@v1.19.0 >/dev/null 2>&1; then
	echo "fetch.sh: the Go module proxy cannot be reached; run this with network access to build the corpus" >&2
	exit 3
fi

while read -r mod ver max; do
	[[ -z "$mod" || "$mod" == \#* ]] && continue
	dir=$(go mod download -json "$mod@$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')  || true
	if [[ -z "$dir" ]]; then
		echo "fetch.sh: download $mod@$ver failed; skipping it" >&2
		continue
	fi
	pick "$dir" "$max" | while read -r f; do
		rel=${dir#"$cache/"}/$f
		printf 'go:%s@%s/%s\tgo\t%s\t%s\t%s\t%s\n' "$mod" "$ver" "$f" "$mod" "$ver" "$rel" "$(kind "/$f")" >>"$tmp"
	done
done <"$here/go-modules.txt"

while read -r pkg ver max; do
	[[ -z "$pkg" || "$pkg" == \#* ]] && continue
	dest="$cache/npm/$pkg@$ver"
	if [[ ! -d "$dest/package" ]]; then
		rm -rf "$dest" && mkdir -p "$dest"
		if ! tgz=$(cd "$dest" && npm pack --silent "$pkg@$ver" 2>/dev/null | tail -n 1) || [[ -z "$tgz" ]]; then
			echo "fetch.sh: npm pack $pkg@$ver failed; skipping it" >&2
			rm -rf "$dest"
			continue
		fi
		tar -xzf "$dest/$tgz" -C "$dest" && rm -f "$dest/$tgz"
	fi
	pick "$dest/package" "$max" | while read -r f; do
		rel=npm/$pkg@$ver/package/$f
		printf 'npm:%s@%s/%s\tnpm\t%s\t%s\t%s\t%s\n' "$pkg" "$ver" "$f" "$pkg" "$ver" "$rel" "$(kind "/$f")" >>"$tmp"
	done
done <"$here/npm-packages.txt"

mv "$tmp" "$manifest"
echo "fetch.sh: $(($(wc -l <"$manifest") - 1)) documents in $manifest" >&2
awk -F'\t' 'NR > 1 { n[$6]++ } END { for (k in n) printf "  %-10s %d\n", k, n[k] }' "$manifest" | sort >&2
