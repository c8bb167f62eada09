#!/usr/bin/env bash
# The mutation score of the instructor's solutions: PIT (pitest) mutates each solution and runs the
# exercise's own tests on every mutant, which they must kill (exercises/README.md, "Mutation score").
#   exercises/mutation.sh            # the servers in Docker, as the build's tests
#   exercises/mutation.sh -Plocal    # on the servers on localhost instead (as ./mvnw verify -Plocal)
# Prints a row per exercise: the mutants on the lines a participant writes (those the solution
# changes or adds against the starting point: the score the exercises are held to), then on the whole
# class; and below, each survivor. PIT's report: exercises/solutions/target/pit-reports/index.html.
# It runs the tests once per mutant, one at a time: a minute or two on two cores once the core is built.
set -euo pipefail
cd "$(dirname "$0")/.."
log=exercises/solutions/target/mutation.log
mkdir -p "$(dirname "$log")"
echo "PIT mutates the solutions (a minute or two); its output goes to $log"
# -am builds the core; -DskipTests skips surefire, not PIT (the solutions pom's profile "mutation").
if ! ./mvnw -B -q test -pl exercises/solutions -am -Pmutation -DskipTests "$@" >"$log" 2>&1; then
  tail -n 40 "$log"
  exit 1
fi

# "<path of the solution> <line>" for every line the solution changes or adds against its starting point.
written=$(mktemp)
trap 'rm -f "$written"' EXIT
for solution in $(cd exercises/solutions/src/main/java && find . -name '*.java' | sort); do
  diff --unchanged-line-format= --old-line-format= --new-line-format="${solution#./} %dn
" "exercises/src/main/java/$solution" "exercises/solutions/src/main/java/$solution" >>"$written" || [ $? -eq 1 ]
done

python3 - exercises/solutions/target/pit-reports/mutations.xml "$written" <<'EOF'
import sys
import xml.etree.ElementTree as xml

written = {tuple(line.split()) for line in open(sys.argv[2])}
rows, survivors = {}, []
for mutant in xml.parse(sys.argv[1]).getroot():
    cls = mutant.findtext("mutatedClass")
    path = cls.replace(".", "/").split("$")[0] + ".java"
    line = mutant.findtext("lineNumber")
    exercise = cls.split(".")[3]
    mine = (path, line) in written
    status = mutant.get("status")
    counts = rows.setdefault(exercise, {True: [0, 0, 0, 0], False: [0, 0, 0, 0]})
    for scope in [False, True] if mine else [False]:  # False: the whole class; True: the participant's lines
        counts[scope][0] += 1
        counts[scope][1] += mutant.get("detected") == "true"
        counts[scope][2] += status == "SURVIVED"
        counts[scope][3] += status == "NO_COVERAGE"
    if mutant.get("detected") != "true":
        survivors.append(f"  {cls.split('.')[-1]}.java:{line} {'participant' if mine else 'given'}:"
                         f" {mutant.findtext('description')} ({status.lower().replace('_', ' ')})")

def cells(mutants, killed, survived, uncovered):
    score = f"{100 * killed / mutants:.0f} %" if mutants else "-"
    return f"{mutants:>7} {killed:>6} {survived:>8} {uncovered:>11} {score:>6}"

head = f"{'mutants':>7} {'killed':>6} {'survived':>8} {'no coverage':>11} {'score':>6}"
print(f"{'':<12} | {'the lines a participant writes':<{len(head)}} | whole class")
print(f"{'exercise':<12} | {head} | {head}")
order = ["inbox", "ids", "outbox", "sideeffects", "state", "retention", "tokens", "http", "identity", "ordering", "loop", "documents"]
for exercise in sorted(rows, key=lambda name: order.index(name) if name in order else len(order)):
    print(f"{exercise:<12} | {cells(*rows[exercise][True])} | {cells(*rows[exercise][False])}")
total = lambda scope: [sum(row[scope][i] for row in rows.values()) for i in range(4)]
print(f"{'all':<12} | {cells(*total(True))} | {cells(*total(False))}")
print("Survivors (class:line, on a participant's line or on the given code):" if survivors else "No survivors.")
print("\n".join(sorted(survivors)))
EOF
