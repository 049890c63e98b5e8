/**
 * Where UTF-8 decoding fails: the index of the first byte that does not begin or continue a valid UTF-8 sequence
 * (overlong forms, surrogates and code points above U+10FFFF are invalid, as WHATWG's decoder says), or -1. With
 * `partialEndOk`, a sequence cut by the end of `bytes` is not an error (the next chunk may finish it). TextDecoder
 * only says that decoding failed; a refusal that names the byte lets the submitter find it (a Windows-1252 "é" is
 * the byte 0xE9 on its own).
 */
export function invalidUtf8At(bytes: Uint8Array, partialEndOk = false): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= bytes.length) return partialEndOk ? -1 : i;
      const c = bytes[i + k]!;
      if (c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** "byte 12 (0xE9)": a failing byte for a message, counted from 1 as an editor's column would be. */
export function describeInvalidByte(bytes: Uint8Array, index: number): string {
  return `byte ${(index + 1).toLocaleString("en-US")} (0x${bytes[index]!.toString(16).toUpperCase().padStart(2, "0")})`;
}
