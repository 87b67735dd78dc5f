#!/usr/bin/env bash
# npm run check:package (after npm run build): packs the package as npm would publish it, then checks
#  1. the tarball holds what a user needs only (dist/src JavaScript and .d.ts, README, LICENSE, CHANGELOG);
#  2. publint (--strict: warnings fail too);
#  3. @arethetypeswrong/cli in every resolution, node10 included (typesVersions maps each subpath for
#     it, as a Nest starter's "module": "commonjs" needs), with cjs-resolves-to-esm ignored: the package
#     is ESM, which Node 20.19+ require()s (see README "Supported Node versions"), and attw judges
#     require() as TypeScript did before 5.8;
#  4. a CommonJS and an ES module consumer (tools/package-check/) compile against the tarball with
#     the project's tsc (no skipLibCheck) and run on this Node;
#  5. a Nest starter as `nest new` made it up to Nest 11.0 (tools/package-check/nest: CommonJS, its
#     tsconfig unchanged, TypeScript 5.9 installed apart) compiles and runs with hermes-tools/nest.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/build/package-check
rm -rf "$work"
mkdir -p "$work"
tarball=$work/$(npm pack --silent --pack-destination "$work")
echo "check:package: $(basename "$tarball"), $(tar -tzf "$tarball" | wc -l) files, $(du -k "$tarball" | cut -f1) KiB packed"

unexpected=$(tar -tzf "$tarball" | sed 's#^package/##' | grep -vE '^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist/src/.+\.(js|d\.ts))$' || true)
if [ -n "$unexpected" ]; then
  echo "check:package: the tarball holds files a user does not need:" >&2
  echo "$unexpected" >&2
  exit 1
fi
for file in dist/src/index.js dist/src/index.d.ts dist/src/mcp/index.js dist/src/providers/index.js dist/src/ai/index.js dist/src/otel/index.js dist/src/nest/index.js dist/src/queue/index.js dist/src/cli/main.js CHANGELOG.md LICENSE README.md; do
  tar -tzf "$tarball" "package/$file" >/dev/null 2>&1 || { echo "check:package: the tarball lacks $file" >&2; exit 1; }
done

"$root/node_modules/.bin/publint" run "$tarball" --strict
"$root/node_modules/.bin/attw" "$tarball" --ignore-rules cjs-resolves-to-esm --format table-flipped

for kind in cjs esm; do
  dir=$work/$kind
  cp -r "$root/tools/package-check/$kind" "$dir"
  mkdir -p "$dir/node_modules/hermes-tools"
  tar -xzf "$tarball" -C "$dir/node_modules/hermes-tools" --strip-components=1
  # The peers (inversify, reflect-metadata, class-validator, class-transformer) and redos-detector
  # resolve from the repository's node_modules, two folders up.
  "$root/node_modules/.bin/tsc" -p "$dir"
  out=$(cd "$dir" && node index.js)
  expected="{\"format\":\"$([ $kind = cjs ] && echo commonjs || echo esm)\",\"outcome\":{\"ok\":true,\"tool\":\"math.add\","
  case $out in
    "$expected"*'"value":5},"openai":1}') echo "check:package: $kind consumer on Node $(node --version): $out" ;;
    *) echo "check:package: the $kind consumer printed: $out" >&2; exit 1 ;;
  esac
done

# The Nest starter compiles with its own TypeScript 5 ("module": "commonjs" and no moduleResolution
# mean node10 there, which reads typesVersions, not exports; TypeScript 7 has no node10 any more).
dir=$work/nest
cp -r "$root/tools/package-check/nest" "$dir"
npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
mkdir -p "$dir/node_modules/hermes-tools"
tar -xzf "$tarball" -C "$dir/node_modules/hermes-tools" --strip-components=1
"$dir/node_modules/.bin/tsc" -p "$dir"
out=$(cd "$dir" && node dist/main.js)
case $out in
  '{"format":"commonjs","outcome":{"ok":true,"tool":"math.add",'*'"value":5}}') echo "check:package: Nest starter (CommonJS, TypeScript $("$dir/node_modules/.bin/tsc" --version | cut -d' ' -f2)): $out" ;;
  *) echo "check:package: the Nest starter printed: $out" >&2; exit 1 ;;
esac
