#!/usr/bin/env bash
# Drives data/cuocc.bash-completion as bash would and checks what it offers.
# Every input of the inputs' description (PRINT-INPUTS prints it) is offered
# as an option, and its value completes to its choices or to nothing.
#   check-bash-completion.sh COMPLETION-FILE CUOCC PRINT-INPUTS
set -uo pipefail
completion=$1
cli=$(realpath "$2")
mapfile -t inputs < <("$3")
framework=/usr/share/bash-completion/bash_completion
if [ ! -r "$framework" ]; then
  echo "1..0 # SKIP bash-completion is not installed"
  exit 0
fi
# shellcheck disable=SC1090
source "$framework"
source "$completion"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" && touch kernels.csv graph.svg notes.txt

# complete WORD... : the words typed so far, the last one being completed.
complete_words() {
  COMP_WORDS=("$cli" "$@")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  COMP_LINE="${COMP_WORDS[*]}"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _cuocc "$cli" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}"
}

n=0 failed=0
expect() {
  local name=$1 got=$2 want=$3
  n=$((n + 1))
  if [ "$got" = "$want" ]; then
    echo "ok $n $name"
  else
    echo "not ok $n $name"
    printf '# want: %s\n# got:  %s\n' "$(echo $want)" "$(echo $got)"
    failed=1
  fi
}

echo "1..$((13 + 2 * ${#inputs[@]}))"
expect "--form completes to --format" "$(complete_words --form)" "--format"
expect "--format offers text, csv, json" "$(complete_words --format '' | sort | xargs)" "csv json text"
expect "--plot offers the graphs" "$(complete_words --plot '' | sort | xargs)" "all barriers cluster-size heatmap-regs heatmap-smem registers smem threads"
expect "--global-caching offers off, on, strict" "$(complete_words --global-caching '' | sort | xargs)" "off on strict"
expect "--output offers graph files" "$(complete_words --output '' | sort | xargs)" "graph.svg kernels.csv"
expect "--batch offers files and -" "$(complete_words --batch '' | sort | xargs)" "- graph.svg kernels.csv notes.txt"
expect "--import offers files" "$(complete_words --import no)" "notes.txt"
expect "--diff offers files" "$(complete_words --diff no)" "notes.txt"
expect "--dyn completes to --dynamic-smem" "$(complete_words --dyn)" "--dynamic-smem"
expect "--stri completes to --strict" "$(complete_words --stri)" "--strict"

first_gpu=$(complete_words --gpu N | head -1)
n=$((n + 1))
# CUOCC_TEST_WRAPPER: memcheck under `meson test --setup valgrind` (tests/memcheck.sh).
gpus=$(${CUOCC_TEST_WRAPPER:-} "$cli" --list-gpus)
if [ -n "$first_gpu" ] && grep -qF -- "$(printf '%b' "${first_gpu//\\/}")" <<<"$gpus"; then
  echo "ok $n --gpu offers the names of cuocc --list-gpus ($first_gpu)"
else
  echo "not ok $n --gpu offers the names of cuocc --list-gpus (got “$first_gpu”)"
  failed=1
fi
expect "--gpu completes a quoted name" "$(complete_words --gpu 'NVIDIA\ Tesla\ K4')" 'NVIDIA\ Tesla\ K40'
cc=$(complete_words --cc 7. | xargs)
n=$((n + 1))
if [[ " $cc " == *" 7.0 "* ]]; then
  echo "ok $n --cc 7. offers 7.0"
else
  echo "not ok $n --cc 7. offers 7.0 (got “$cc”)"
  failed=1
fi
for line in "${inputs[@]}"; do
  IFS=$'\t' read -r option _column _session choices <<<"$line"
  expect "$option is offered" "$(complete_words "$option" | grep -xF -- "$option")" "$option"
  want=""
  [ "$choices" != "-" ] && want=$(tr ' ' '\n' <<<"$choices" | sort | xargs)
  expect "$option's value offers ${want:-nothing}" "$(complete_words "$option" '' | sort | xargs)" "$want"
done
exit $failed
