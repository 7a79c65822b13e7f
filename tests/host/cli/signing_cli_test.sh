#!/usr/bin/env bash
# tinyfair keygen and export --sign: two keys differ; the key files' formats
# and modes; the signed file's signature verifies with PyNaCl (libsodium,
# independent of tinyfair's code) over SHA-256 of the inner model, which is
# byte for byte the unsigned export, model version included; refusals of a
# key that is readable by others, missing or truncated, of a bad
# --model-version and of a signed input; codegen never embeds a signed file's
# model without its envelope.
set -euo pipefail
tinyfair=$1 model_json=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "signing_cli_test: $*" >&2; exit 1; }

id_a=$("$tinyfair" keygen --out "$work/a.key" 2>/dev/null)
id_b=$("$tinyfair" keygen --out "$work/b.key" 2>/dev/null)
[[ $id_a =~ ^[0-9a-f]{16}$ ]] || fail "key id '$id_a' is not 16 hexadecimal digits"
[[ $id_a != "$id_b" ]] || fail "two keygens gave the same key id"
cmp -s "$work/a.key" "$work/b.key" && fail "two keygens gave the same private key"
for pair in a.key:private a.key.pub:public; do
  file=${pair%%:*} kind=tinyfair-ed25519-${pair##*:}-key
  [[ $(head -n 1 "$work/$file") == "$kind" ]] || fail "$file does not start with the line $kind"
  tail -n +2 "$work/$file" | grep -qxE '[0-9a-f]{64}' &&
    [[ $(tail -n +2 "$work/$file" | wc -c) == 65 && $(wc -l < "$work/$file") == 2 ]] ||
    fail "$file is not its kind line, 64 lowercase hexadecimal digits and a newline"
done
[[ $(stat -c %a "$work/a.key") == 600 ]] || fail "the private key is not mode 0600"
before=$(cat "$work/a.key")
if "$tinyfair" keygen --out "$work/a.key" 2>/dev/null; then fail "keygen overwrote a key"; fi
[[ $(cat "$work/a.key") == "$before" ]] || fail "a refused keygen changed the key"

"$tinyfair" export --model "$model_json" --out "$work/plain.pb" --model-version 123456 2>/dev/null
"$tinyfair" export --model "$model_json" --out "$work/signed.pb" --model-version 123456 \
    --sign "$work/a.key" 2> "$work/export.txt"
grep -q "signed with key $id_a" "$work/export.txt" || fail "export did not print the key id"

# The envelope by hand (tinyfair.SignedModel, fields 1, 2, 3 in order), the
# signature by PyNaCl, the model version by protoc-free decoding of field 41.
/usr/bin/python3 - "$work/signed.pb" "$work/plain.pb" "$work/a.key.pub" "$id_a" \
    "$work/export.txt" <<'PY'
import hashlib, struct, sys
import nacl.exceptions, nacl.signing
signed, plain = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
kind, digits = open(sys.argv[3]).read().split("\n")[:2]
assert kind == "tinyfair-ed25519-public-key", kind
public_key = bytes.fromhex(digits)
def varint(data, at):
    value = shift = 0
    while True:
        byte = data[at]; at += 1
        value |= (byte & 0x7F) << shift; shift += 7
        if byte < 0x80: return value, at
assert signed[:2] == b"\x0a\x40", "not a SignedModel file"
signature = signed[2:66]
assert signed[66] == 0x11, "key_id is not field 2"
key_id = struct.unpack("<Q", signed[67:75])[0]
assert signed[75] == 0x1A, "model is not field 3"
size, at = varint(signed, 76)
model = signed[at:]
assert len(model) == size, "the model field is not the rest of the file"
assert model == plain, "the signed model differs from the unsigned export"
assert "%016x" % key_id == sys.argv[4], "key_id field differs from keygen's id"
assert "%016x" % struct.unpack("<Q", hashlib.sha256(public_key).digest()[:8])[0] == sys.argv[4]
digest = hashlib.sha256(model).digest()
nacl.signing.VerifyKey(public_key).verify(digest, signature)
try:
    nacl.signing.VerifyKey(public_key).verify(hashlib.sha256(model + b"x").digest(), signature)
    raise SystemExit("a signature verified over another digest")
except nacl.exceptions.BadSignatureError:
    pass
assert digest.hex() in open(sys.argv[5]).read(), "export did not print the model's SHA-256"
# Model.model_version (field 41, varint: tag 0xC8 0x02) among the top-level fields.
at, version = 5, None  # after the CRC field (tag 0x0D and 4 bytes)
while at < len(model):
    tag, at = varint(model, at)
    kind = tag & 7
    if kind == 0:
        value, at = varint(model, at)
        if tag >> 3 == 41: version = value
    elif kind == 1: at += 8
    elif kind == 5: at += 4
    elif kind == 2:
        length, at = varint(model, at); at += length
    else: raise SystemExit("unexpected wire type %d" % kind)
assert version == 123456, "model_version is %r" % version
PY

refuses() {  # refuses EXPECTED_TEXT COMMAND...: exit status 2 and the reason
  local expected=$1; shift
  local status=0
  "$@" > /dev/null 2> "$work/refusal.txt" || status=$?
  [[ $status == 2 ]] || fail "exit $status, not 2: $*"
  grep -q -- "$expected" "$work/refusal.txt" || fail "no '$expected' from: $*"
}
chmod 644 "$work/a.key"
refuses "chmod 600" "$tinyfair" export --model "$model_json" --out "$work/x.pb" --sign "$work/a.key"
chmod 600 "$work/a.key"
refuses "cannot read the private key" \
    "$tinyfair" export --model "$model_json" --out "$work/x.pb" --sign "$work/absent.key"
head -c 40 "$work/a.key" > "$work/short.key" && chmod 600 "$work/short.key"
refuses "truncated" "$tinyfair" export --model "$model_json" --out "$work/x.pb" --sign "$work/short.key"
refuses "not in range" "$tinyfair" export --model "$model_json" --out "$work/x.pb" --model-version -1
refuses "not in range" \
    "$tinyfair" export --model "$model_json" --out "$work/x.pb" --model-version 4294967296
refuses "signed model file" \
    "$tinyfair" export --model "$work/signed.pb" --out "$work/x.pb" --sign "$work/b.key"
refuses "signed model file" "$tinyfair" export --model "$work/signed.pb" --out "$work/x.pb"
[[ ! -e $work/x.pb ]] || fail "a refused export wrote its output"
# A sealed model is signed as it is, never sealed again.
"$tinyfair" export --model "$work/plain.pb" --out "$work/resigned.pb" --sign "$work/b.key" 2>/dev/null
cmp -s <(tail -c "$(wc -c < "$work/plain.pb")" "$work/resigned.pb") "$work/plain.pb" ||
  fail "signing a sealed model changed its bytes"

# codegen of a signed file: refused, or the header holds the signed bytes as
# they are (never the model stripped of its signature).
if "$tinyfair" codegen --model "$work/signed.pb" --name Signed --out "$work/signed.h" 2>/dev/null; then
  /usr/bin/python3 - "$work/signed.h" "$work/signed.pb" <<'PY'
import re, sys
header, signed = open(sys.argv[1]).read(), open(sys.argv[2], "rb").read()
body = header[header.index("kSigned[kSignedSize] = {"):]
embedded = bytes(int(b, 16) for b in re.findall(r"0x([0-9a-f]{2})\b", body[:body.index("};")]))
assert embedded == signed, "codegen embedded other bytes than the signed file"
PY
fi
echo "signing_cli_test: passed"
