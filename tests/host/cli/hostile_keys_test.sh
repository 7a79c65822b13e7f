#!/usr/bin/env bash
# Key files of the other kind, of the old bare form, empty or mangled, into
# every command that takes a key: export --sign refuses a public key file
# and every --public-key refuses a private one, naming the kind given, with
# exit 2 and nothing written. A signed file read without a key is reported
# as not verified, never as signed by its claimed key.
set -euo pipefail
tinyfair=$1 work=$2 suite=hostile.keys
marker=$work/PWNED
source "$(dirname "$0")/hostile_lib.sh"

d=$scratch/demo
demo_model "$d"
"$tinyfair" export --model "$work/model.json" --out "$work/model.pb" --monitor-alpha 0.05 \
  --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null
"$tinyfair" keygen --out "$work/a.key" > /dev/null 2>&1
"$tinyfair" export --model "$work/model.json" --out "$work/signed.pb" --sign "$work/a.key" \
  2>/dev/null
"$tinyfair" simulate --model "$work/model.pb" --data "$d/test.csv" --out "$scratch/log.csv" \
  --monitor "$work/r.pb" 2>/dev/null
# Bare digits (the form without a kind line), each half of the pair alone.
tail -n 1 "$work/a.key" > "$work/bare.key" && chmod 600 "$work/bare.key"
tail -n 1 "$work/a.key.pub" > "$work/bare.pub"
cp "$work/a.key.pub" "$work/pub_as_private.key" && chmod 600 "$work/pub_as_private.key"
printf '' > "$work/empty.pub"
sed 's/$/\r/' "$work/a.key.pub" > "$work/crlf.pub"
{ head -n 1 "$work/a.key.pub"; tail -n 1 "$work/a.key.pub" | tr a-f A-F; } > "$work/upper.pub"
head -c 80 "$work/a.key.pub" > "$work/cut.pub" && echo >> "$work/cut.pub"
head -c -1 "$work/a.key.pub" > "$work/unended.pub"

export_with() {  # export_with CASE TEXT KEY
  refused "$1" 2 "$2" "$tinyfair" export --model "$work/model.json" --out "$work/x.pb" --sign "$3"
}
export_with "export --sign public key (0644)" "a public key file" "$work/a.key.pub"
export_with "export --sign public key (0600)" "a public key file" "$work/pub_as_private.key"
export_with "export --sign bare digits" "without the line naming the key's kind" "$work/bare.key"
export_with "export --sign bare public digits" "without the line naming" "$work/bare.pub"
export_with "export --sign empty file" "not a private key file" "$work/empty.pub"
export_with "export --sign a model" "larger than a private key file" "$work/model.pb"
refused "export --sign ''" 2 "--sign" "$tinyfair" export --model "$work/model.json" \
  --out "$work/x.pb" --sign ""

# Every command that reads a model with --public-key, given the private key
# and each malformed public key.
with_key() {  # with_key COMMAND... (the key file is $key)
  case $1 in
    inspect) echo inspect "$work/signed.pb" --public-key "$key" ;;
    simulate) echo simulate --model "$work/signed.pb" --data "$d/test.csv" --out "$work/x.csv" \
      --public-key "$key" ;;
    evaluate) echo evaluate --model "$work/signed.pb" --data "$d/test.csv" --label hired \
      --public-key "$key" ;;
    codegen) echo codegen --model "$work/signed.pb" --out "$work/x.h" --public-key "$key" ;;
    codegen_key) echo codegen --public-key "$key" --out "$work/x.h" --name Product ;;
    monitor) echo monitor --model "$work/signed.pb" --report "$work/r.pb" --public-key "$key" ;;
    postprocess) echo postprocess --model "$work/signed.pb" --data "$d/fit.csv" --label hired \
      --out "$work/x.json" --public-key "$key" ;;
    sweep) echo sweep --model "$work/signed.pb" --data "$d/fit.csv" --validation "$d/fit.csv" \
      --test "$d/test.csv" --label hired --out-dir "$work/x" --public-key "$key" ;;
  esac
}
for command in inspect simulate evaluate codegen codegen_key monitor postprocess sweep; do
  for pair in "a.key:a private key file" "bare.pub:without the line naming" \
               "empty.pub:not a public key file" "crlf.pub:larger than a public key file" \
               "upper.pub:not a lowercase hexadecimal digit" "cut.pub:(is it truncated" \
               "unended.pub:no newline after the digits"; do
    key=$work/${pair%%:*}
    read -r -a words <<< "$(with_key "$command")"
    refused "$command --public-key ${pair%%:*}" 2 "${pair#*:}" "$tinyfair" "${words[@]}"
    grep -qF "$key" "$scratch/stderr.txt" || fail "$command ${pair%%:*}: the file is not named"
  done
done

# The key's header (codegen --public-key alone): the key id keygen printed,
# the file's base name only, a hostile file name escaped in the comment.
id=$("$tinyfair" keygen --out "$work/b.key" 2>/dev/null)
hostile_name=$'b *\n#error PWNED\n.pub'
cp "$work/b.key.pub" "$work/$hostile_name"
accepted "codegen --public-key alone" "$tinyfair" codegen --public-key "$work/$hostile_name" \
  --out "$work/b.h" --name Product
grep -qF "#define kProductPublicKeyId 0x${id}ULL" "$work/b.h" || fail "key id: $(cat "$work/b.h")"
grep -qF "static const uint8_t kProductPublicKey[32] = {" "$work/b.h" || fail "no key array"
if grep -qF "$work" "$work/b.h"; then fail "the header names a machine path"; fi
if grep -q '^#error' "$work/b.h" || grep -qF '*/' <(head -n 1 "$work/b.h"); then
  fail "the file name escaped the comment: $(head -n 2 "$work/b.h")"
fi
rm -f "$work/$hostile_name" "$work/b.h" "$work/b.key" "$work/b.key.pub"
refused "codegen --public-key --name 'a name'" 2 "letters and digits only" "$tinyfair" codegen \
  --public-key "$work/a.key.pub" --out "$work/x.h" --name "Key*/ x"
refused "codegen --model --name 'a name'" 2 "CamelCase" "$tinyfair" codegen \
  --model "$work/model.pb" --out "$work/x.h" --name "lower"

# Without a key, a signed file's signature is reported as not verified,
# also when it is all zeros.
accepted "inspect signed, no key" "$tinyfair" inspect "$work/signed.pb"
grep -q "NOT verified" "$scratch/stderr.txt" || fail "inspect: $(cat "$scratch/stderr.txt")"
if grep -q "signed by key" "$scratch/stderr.txt"; then fail "inspect: 'signed by key' unverified"; fi
/usr/bin/python3 - "$work/signed.pb" "$scratch/zeros.pb" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[2:66] = bytes(64)  # the signature field's 64 bytes (0x0A 0x40 ...)
open(sys.argv[2], "wb").write(data)
PY
accepted "inspect zero signature, no key" "$tinyfair" inspect "$scratch/zeros.pb"
grep -q "NOT verified" "$scratch/stderr.txt" || fail "inspect zeros: $(cat "$scratch/stderr.txt")"
if grep -q "signed by key" "$scratch/stderr.txt"; then fail "inspect zeros: 'signed by key'"; fi
accepted "inspect signed, with key" "$tinyfair" inspect "$work/signed.pb" \
  --public-key "$work/a.key.pub"
grep -q "signed by key" "$scratch/stderr.txt" || fail "inspect with key: $(cat "$scratch/stderr.txt")"
echo "$suite: $cases cases, every key of the other kind refused by name"
