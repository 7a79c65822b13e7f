#!/usr/bin/env bash
# Every iterative fit ends with its stopping reason and its final measure
# against its bound: for logistic regression (Newton), frll (L-BFGS), dro and
# soft-groups (descent-ascent) in train, and the max-entropy dual in
# debias-data, a fit that meets its bound says so; one that cannot (an
# iteration cap too small, a slack of 0) says so with a warning and is
# written; with --strict it exits 3 and writes nothing.
#   fit_convergence_test.sh TINYFAIR GOLDEN_DIR WORK_DIR
set -euo pipefail
tinyfair=$1 data=$2/data work=$3
rm -rf "$work" && mkdir -p "$work"

fail() {
  echo "FAIL: $*"
  exit 1
}

# met NAME PATTERN COMMAND...: the run succeeds, its log matches PATTERN and
# holds no warning of the fit, and the output (--out) is written.
met() {
  local name=$1 pattern=$2
  shift 2
  "$tinyfair" "$@" --out "$work/$name.out" > /dev/null 2> "$work/$name.txt" ||
    { cat "$work/$name.txt"; fail "$name: exit $?"; }
  grep -q -- "$pattern" "$work/$name.txt" || { cat "$work/$name.txt"; fail "$name: no '$pattern'"; }
  if grep -q "WARNING: .* \(did not converge\|is above its bound\)" "$work/$name.txt"; then
    cat "$work/$name.txt"
    fail "$name: a warning on a fit that met its bound"
  fi
  [ -s "$work/$name.out" ] || fail "$name: nothing written"
  echo "ok: $name: $(grep -- "$pattern" "$work/$name.txt" | head -n 1)"
}

# missed NAME PATTERN WARNING COMMAND...: the run succeeds with the
# warning and writes its output; with --strict it exits 3, says why and
# writes nothing.
missed() {
  local name=$1 pattern=$2 warning=$3
  shift 3
  "$tinyfair" "$@" --out "$work/$name.out" > /dev/null 2> "$work/$name.txt" ||
    { cat "$work/$name.txt"; fail "$name: exit $?"; }
  grep -q -- "$pattern" "$work/$name.txt" || { cat "$work/$name.txt"; fail "$name: no '$pattern'"; }
  grep -q -- "WARNING: .*$warning" "$work/$name.txt" ||
    { cat "$work/$name.txt"; fail "$name: no warning '$warning'"; }
  [ -s "$work/$name.out" ] || fail "$name: nothing written"
  set +e
  "$tinyfair" "$@" --strict --out "$work/${name}_strict.out" > "$work/${name}_strict.stdout" \
    2> "$work/${name}_strict.txt"
  local status=$?
  set -e
  [ "$status" -eq 3 ] || { cat "$work/${name}_strict.txt"; fail "$name --strict: exit $status, not 3"; }
  grep -q "^tinyfair: --strict: .*$warning .*nothing written" "$work/${name}_strict.txt" ||
    { cat "$work/${name}_strict.txt"; fail "$name --strict: no refusal"; }
  [ ! -e "$work/${name}_strict.out" ] || fail "$name --strict: a file was written"
  echo "ok: $name: $(grep -- "$pattern" "$work/$name.txt" | head -n 1)"
}

demo=(train --data "$data/train.csv" --label hired --sensitive group)
met logistic "train: logistic regression (Newton): stopped by gradient norm <= tolerance after [0-9]* iterations (converged); gradient norm [0-9.e+-]* <= tolerance 1.000e-08" \
  "${demo[@]}"
missed logistic_capped "train: logistic regression (Newton): stopped by iteration limit after 1 iterations (NOT converged); gradient norm [0-9.e+-]* > tolerance" \
  "did not converge" "${demo[@]}" --iterations 1

met frll "train: fair robust log loss (L-BFGS): stopped by gradient norm <= tolerance after [0-9]* iterations (converged); final stage's gradient norm [0-9.e+-]* <= tolerance 1.000e-06; constraint residual" \
  "${demo[@]}" --method frll --constraint dp
missed frll_capped "train: fair robust log loss (L-BFGS): stopped by iteration limit after 2 iterations (NOT converged)" \
  "did not converge" "${demo[@]}" --method frll --constraint dp --iterations 2

noisy=(train --data "$data/train_noisy_group.csv" --label hired --sensitive observed_group
       --constraint eopp --learning-rate 0.1 --lambda-rate 0.25)
# The slack each meets on this data in 200 iterations (DRO's TV balls, radii
# 0.2 and 0.275, ask for more), and a slack of 0 that one iteration cannot.
for spec in dro:0.3 soft-groups:0.1; do
  method=${spec%%:*} alpha=${spec#*:}
  noise=(--noise-rate 0.2)
  [ "$method" = dro ] || noise=(--true-group group)
  met "$method" "train: $method: ran its 200 iterations (no stopping rule); chosen iterate's own max violation (alpha included) -[0-9.e+-]* <= 0.000e+00" \
    "${noisy[@]}" --ignore group --method "$method" "${noise[@]}" --iterations 200 --alpha "$alpha"
  missed "${method}_tight" "train: $method: ran its 1 iterations (no stopping rule); chosen iterate's own max violation (alpha included) [0-9.e+-]* > 0.000e+00" \
    "is above its bound" "${noisy[@]}" --ignore group --method "$method" "${noise[@]}" \
    --iterations 1 --alpha 0
done
# With the observed group as its only feature, DRO's feasible answer is to
# decide everyone alike: a near-constant model, which train warns about.
"$tinyfair" "${noisy[@]}" --method dro --noise-rate 0.2 --iterations 200 \
  --ignore group,test_score,experience,manager_rating,region --out "$work/dro_constant.json" \
  2> "$work/dro_constant.txt"
grep -q "train: WARNING: the model is near-constant: its expected positive rate on the training data is 0.0000 to 0.0000" \
  "$work/dro_constant.txt" || { cat "$work/dro_constant.txt"; fail "dro: no near-constant warning"; }
echo "ok: dro_constant: near-constant model warned about"

maxent=(debias-data --data "$data/train.csv" --label hired --protected group --categorical region
        --bins test_score=50,60,70 --rows 200 --report-out "$work/maxent_report.json")
met maxent "debias-data: max-entropy dual (newton): stopped by the tolerance after [0-9]* iterations (converged); |E_p\[alpha\] - theta|_inf (the marginals' distance from their targets) [0-9.e+-]* <= --gradient-tolerance 1.000e-10" \
  "${maxent[@]}"
missed maxent_capped "debias-data: max-entropy dual (newton): stopped by iteration limit after 1 iterations (NOT converged)" \
  "did not converge" "${maxent[@]}" --max-iterations 1
echo "fit convergence: ok"
