#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (one per parser that takes outside input) and runs each
# for a bounded time or number of executions.
#
#   Tools/fuzz.sh [--smoke | --time SECONDS | --runs N] [--release] [--max-len B] [--jobs N]
#                 [target…]
#
#   --smoke        replay the committed seed corpus and regression inputs, then 2 000
#                  executions each from a fixed seed (what CI runs: the same inputs every run,
#                  so a failure it reports is found again by running it again)
#   --time S       fuzz each target for S seconds (default 60)
#   --runs N       fuzz each target for N executions (the long run: --release --runs 10000000)
#   --release      build optimised (-c release, testable imports on): a longer build, then 3-5x
#                  the executions per second of the debug build the smoke run uses
#   --max-len B    inputs of at most B bytes (libFuzzer's -max_len; by default it grows them to
#                  4096, and a target's cost grows with them)
#   --jobs N       run N targets at a time (default 1)
#   target…        names under Fuzz/Targets (default: all)
#
# The build goes to .build-fuzz (debug unless --release; `--sanitize=fuzzer`, AddressSanitizer).
# Each target starts from Fuzz/Corpus/<target>/ copied to .build-fuzz/corpus/<target>/ (so runs
# never grow the repository) and replays Fuzz/Corpus/<target>/ and Fuzz/Regressions/<target>/ first. A
# crash, a broken round-trip property, a leak or a 10 s hang saves the input under
# .build-fuzz/findings/<target>/ (not artifacts/, which SwiftPM empties on every build); turn it
# into a regression test in the parser's module and copy it to Fuzz/Regressions/<target>/.
# Prints per target the executions (libFuzzer's stat::number_of_executed_units), executions per
# second, the corpus size and the crashes; exits 1 if any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=time; seconds=60; runs=0; jobs=1; configuration=debug; max_len=(); targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) mode=smoke; runs=2000 ;;
        --time) mode=time; seconds="$2"; shift ;;
        --runs) mode=runs; runs="$2"; shift ;;
        --jobs) jobs="$2"; shift ;;
        --release) configuration=release ;;
        --max-len) max_len=(-max_len="$2"); shift ;;
        -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) targets+=("$1") ;;
    esac
    shift
done
if [ ${#targets[@]} -eq 0 ]; then
    for dir in Fuzz/Targets/*/; do targets+=("$(basename "$dir")"); done
fi
for target in "${targets[@]}"; do
    [ -d "Fuzz/Targets/$target" ] || { echo "fuzz.sh: no target $target in Fuzz/Targets" >&2; exit 2; }
done

scratch=.build-fuzz
echo "== building ${#targets[@]} fuzz targets ($configuration) into $scratch"
build_start=$(date +%s)
testable=()
[ "$configuration" = release ] && testable=(-Xswiftc -enable-testing)
swift build --package-path Fuzz --scratch-path "$scratch" -c "$configuration" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address "${testable[@]}" 2>&1 \
    | grep -v -e "Cannot export local symbol '__asan" -e "which are unhandled" -e '^ *[^ ]*/checkouts/.*/CMakeLists.txt$' || true
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz.sh: the build failed" >&2; exit 1; }
echo "build: $(( $(date +%s) - build_start )) s"
bin="$scratch/$configuration"
# Swift's own crash backtracer reads the stack in a way AddressSanitizer reports as an error of
# its own; libFuzzer's report (and saved input) is the one wanted.
export SWIFT_BACKTRACE=enable=no
# A smoke run is reproducible: a fixed libFuzzer seed, and Swift's hashing (which orders
# dictionaries, hence the coverage a run sees) seeded the same in every process.
[ "$mode" = smoke ] && export SWIFT_DETERMINISTIC_HASHING=1

# Fuzzes one target; writes its summary line to $scratch/logs/<target>.summary.
run_target() {
    local target=$1
    local corpus="$scratch/corpus/$target" artifacts="$scratch/findings/$target" log="$scratch/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$scratch/logs"
    if [ -d "Fuzz/Corpus/$target" ]; then cp -n "Fuzz/Corpus/$target"/* "$corpus"/ 2>/dev/null || true; fi
    local before status=0 replayed=0
    before=$(find "$artifacts" -type f | wc -l)
    : > "$log"
    # Replay: every committed input runs once (a regression input that crashes again fails here).
    local inputs=()
    for dir in "Fuzz/Corpus/$target" "Fuzz/Regressions/$target"; do
        [ -d "$dir" ] && for file in "$dir"/*; do [ -f "$file" ] && inputs+=("$file"); done
    done
    if [ ${#inputs[@]} -gt 0 ]; then
        replayed=${#inputs[@]}
        "$bin/$target" -artifact_prefix="$artifacts/" "${inputs[@]}" >>"$log" 2>&1 || status=1
    fi
    local bound=(-max_total_time="$seconds")
    [ "$mode" = runs ] && bound=(-runs="$runs")
    [ "$mode" = smoke ] && bound=(-runs="$runs" -seed=1)
    bound+=("${max_len[@]}")
    local start end
    start=$(date +%s.%N)
    if [ $status -eq 0 ]; then
        "$bin/$target" "${bound[@]}" -timeout=10 -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" >>"$log" 2>&1 || status=1
    fi
    end=$(date +%s.%N)
    local execs rate size crashes
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo 0)
    rate=$(awk -v n="${execs:-0}" -v a="$start" -v b="$end" 'BEGIN { printf "%d", (b > a) ? n / (b - a) : 0 }')
    size=$(find "$corpus" -type f | wc -l)
    crashes=$(( $(find "$artifacts" -type f | wc -l) - before ))
    [ $status -ne 0 ] && [ $crashes -eq 0 ] && crashes=1
    printf '%-26s %12s %10s %8s %8s %8s\n' "$target" "${execs:-0}" "$rate" "$size" "$replayed" "$crashes" > "$scratch/logs/$target.summary"
    cat "$scratch/logs/$target.summary"
}

case $mode in
    smoke) echo "== smoke: replay committed inputs, then $runs executions per target from seed 1" ;;
    time) echo "== ${seconds} s per target, $jobs at a time" ;;
    runs) echo "== $runs executions per target, $jobs at a time" ;;
esac
printf '%-26s %12s %10s %8s %8s %8s\n' target executions exec/s corpus replayed crashes
running=0
for target in "${targets[@]}"; do
    run_target "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true

failed=0
for target in "${targets[@]}"; do
    crashes=$(awk '{ print $6 }' "$scratch/logs/$target.summary")
    if [ "$crashes" != 0 ]; then
        failed=1
        echo "fuzz.sh: $target: $crashes crash(es); see $scratch/logs/$target.log and $scratch/findings/$target/" >&2
    fi
done
exit $failed
